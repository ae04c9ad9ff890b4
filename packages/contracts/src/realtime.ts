import { z } from 'zod/mini';

/** Event names of docs/product.md §3, plus notification.created. */
export const REALTIME_EVENT_NAMES = [
  'account.updated',
  'epic.created',
  'epic.updated',
  'trade.created',
  'trade.updated',
  'coin.updated',
  'top-mover.created',
  'top-mover.deleted',
  'watchlist-item.created',
  'watchlist-item.deleted',
  'payment.updated',
  /** Not in docs/product.md §3's list: server-side notices (epic closed, level hit) reach the owner live. */
  'notification.created',
  /** A ticket of the account changed: an owner replied, or it was closed or reopened (docs/decisions/support-tickets.md). */
  'support-ticket.updated',
  /** A partner's payout request was approved, paid or rejected (docs/decisions/partner-programme.md). */
  'payout.updated',
] as const;
export const ZRealtimeEventName = z.enum(REALTIME_EVENT_NAMES);
export type TRealtimeEventName = z.infer<typeof ZRealtimeEventName>;

/** Public market events go to every connection; the rest only to the owning account. */
export const PUBLIC_EVENT_NAMES: readonly TRealtimeEventName[] = [
  'coin.updated',
  'top-mover.created',
  'top-mover.deleted',
];

/** Server → client message on /api/v1/cdca-ws. */
export const ZRealtimeMessage = z.object({
  routingKey: ZRealtimeEventName,
  event: z.looseObject({ id: z.string() }),
});
export type TRealtimeMessage = z.infer<typeof ZRealtimeMessage>;

/** Browsers cannot set headers on a WebSocket, so the access token rides as the second subprotocol. */
export const REALTIME_PROTOCOL = 'cdca.v1';
export const REALTIME_TOKEN_PROTOCOL_PREFIX = 'bearer.';
export const REALTIME_CLIENT_DISCONNECT = { code: 1000, reason: 'client-disconnect' } as const;
