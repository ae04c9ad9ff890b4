import { REALTIME_PROTOCOL, REALTIME_TOKEN_PROTOCOL_PREFIX } from '@cdca/contracts';

/** What the browser offered in `Sec-WebSocket-Protocol`: our protocol name and the access token riding beside it. */
export const readRealtimeProtocols = (
  header: string | undefined,
): { speaksCdca: boolean; token: string | undefined } => {
  const offered = (header ?? '')
    .split(',')
    .map((protocol) => protocol.trim())
    .filter(Boolean);
  const tokenProtocol = offered.find((protocol) => protocol.startsWith(REALTIME_TOKEN_PROTOCOL_PREFIX));
  const token = tokenProtocol?.slice(REALTIME_TOKEN_PROTOCOL_PREFIX.length);
  return { speaksCdca: offered.includes(REALTIME_PROTOCOL), token: token || undefined };
};

/**
 * `handleProtocols` for the ws server: always answer `cdca.v1`. Without it ws echoes the first offered
 * protocol, which would be the token itself if a client listed it first.
 */
export const selectRealtimeProtocol = (protocols: Set<string>): string | false =>
  protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false;
