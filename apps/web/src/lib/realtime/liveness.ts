import type { RealtimeStatus } from './realtime-client.ts';

/**
 * How a live view's caption describes itself: "live" only while events are flowing. While the socket is down the
 * figures stay as last heard, so the caption says why instead of claiming to be current.
 */
export const livenessLabel = (status: RealtimeStatus): string => {
  switch (status) {
    case 'connected':
      return 'live';
    case 'connecting':
      return 'connecting…';
    case 'reconnecting':
      return 'reconnecting…';
    default:
      return 'not live';
  }
};
