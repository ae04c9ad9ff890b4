import pg from 'pg';
import type { BusLogger } from './bus-logger.ts';

/** Names the LISTEN session in pg_stat_activity, so operators (and tests) can find it. */
export const LISTENER_APPLICATION_NAME = 'cdca-realtime-listener';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

export type ListenConnectionOptions = {
  url: string;
  /** A constant identifier, never user input: LISTEN cannot take a bind parameter. */
  channel: string;
  onNotification: (payload: string) => void;
  log: BusLogger;
};

export type ListenConnection = { close: () => Promise<void> };

/**
 * A dedicated client that LISTENs and comes back after the connection drops (database restart, failover,
 * pg_terminate_backend). Notifications sent while it is away are lost — NOTIFY does not queue for absent
 * listeners — so realtime stays best-effort and clients refetch what they show on reconnect.
 */
export const openListenConnection = async (options: ListenConnectionOptions): Promise<ListenConnection> => {
  const { url, channel, onNotification, log } = options;
  let current: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let reconnecting: Promise<void> | undefined;

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    client.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload !== undefined)
        onNotification(notification.payload);
    });
    // Without an error listener a dropped connection would crash the process.
    client.on('error', (err) => dropped(client, err));
    client.on('end', () => dropped(client, undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      return client;
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
  };

  const dropped = (client: pg.Client, err: Error | undefined) => {
    if (closed || client !== current) return;
    current = undefined;
    log.warn({ err }, 'realtime listen connection lost; reconnecting');
    scheduleRetry();
  };

  const scheduleRetry = () => {
    // Exponential back-off with jitter, so many API processes do not reconnect in lockstep after a restart.
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      reconnecting = reconnect().finally(() => {
        reconnecting = undefined;
      });
    }, delay);
  };

  const reconnect = async () => {
    if (closed) return;
    try {
      const client = await connect();
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
      log.info({ attempts: attempt }, 'realtime listen connection restored');
      attempt = 0;
    } catch (err) {
      log.warn({ err, attempt }, 'realtime listen reconnect failed');
      if (!closed) scheduleRetry();
    }
  };

  current = await connect();

  return {
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      await reconnecting;
      const client = current;
      current = undefined;
      await client?.end();
    },
  };
};
