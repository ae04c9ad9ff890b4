import type { TRealtimeMessage } from '@cdca/contracts';

/** A message and who may receive it: one account, or everyone (public market events). */
export type RealtimeEnvelope = { accountId: string | null; message: TRealtimeMessage };

export type RealtimeListener = (envelope: RealtimeEnvelope) => void;

/**
 * Fan-out of realtime events to every API process. In-process when embedded; PostgreSQL LISTEN/NOTIFY when several
 * processes share one database, or NATS JetStream with NATS_URL (docs/decisions/runtime.md, topology.md).
 */
export type EventBus = {
  publish: (envelope: RealtimeEnvelope) => Promise<void>;
  subscribe: (listener: RealtimeListener) => () => void;
  close: () => Promise<void>;
};
