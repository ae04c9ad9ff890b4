import { z } from 'zod/mini';
import { ZDecimal } from './decimal.ts';
import { ZEpicStatus } from './epics.ts';

const queryFlag = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
);

/**
 * Server-side notices (docs/product.md §3 Notification, §4); top movers stay client-side. rank_reached: the account
 * rose to a new rank tier (docs/decisions/rank-tiers.md).
 */
export const NOTIFICATION_TYPES = [
  'epic_closed',
  'epic_hit',
  'stats_report',
  'rank_reached',
  /** An owner answered one of the account's support tickets (docs/decisions/support-tickets.md). */
  'support_reply',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

export const ZNotificationCoin = z.object({
  id: z.uuid(),
  symbol: z.string(),
  name: z.string(),
  photo: z.string(),
});

/**
 * How an epic left trading, for its epic_closed notice: 'stopped' is a liquidation the stop triggered, 'error' an
 * epic the exchange refused for good (it can still be cancelled or liquidated by the trader).
 */
export const EPIC_ENDINGS = ['closed', 'cancelled', 'liquidated', 'stopped', 'delisted', 'error'] as const;
export const ZEpicEnding = z.enum(EPIC_ENDINGS);
export type TEpicEnding = z.infer<typeof ZEpicEnding>;

/** What an epic notice carries, stored as the row's payload. */
export const ZEpicNoticePayload = z.object({
  epicId: z.uuid(),
  /** The product, e.g. 'SOL-USD'; the UI shows the part before the dash. */
  epicCoin: z.string(),
  coin: z.optional(ZNotificationCoin),
  /** 'active/total', e.g. '3/5'. */
  dcaLevels: z.string(),
  /** Profit (negative: loss) in USD; closed epics only. */
  epicProfits: z.nullable(ZDecimal),
  epicStatus: ZEpicStatus,
  /** The level just hit; epic_hit only. */
  level: z.optional(z.int()),
  /** epic_closed: how the epic ended; absent in notices stored before endings other than closed had one. */
  ending: z.optional(ZEpicEnding),
  /** The sentence of docs/product.md §4, ready to show. */
  message: z.string(),
});
export type TEpicNoticePayload = z.infer<typeof ZEpicNoticePayload>;

export const ZNotification = z.object({
  id: z.uuid(),
  type: ZNotificationType,
  createdAt: z.iso.datetime(),
  read: z.boolean(),
  epicId: z.nullable(z.uuid()),
  epicCoin: z.nullable(z.string()),
  coin: z.nullable(ZNotificationCoin),
  dcaLevels: z.nullable(z.string()),
  epicProfits: z.nullable(ZDecimal),
  epicStatus: z.nullable(ZEpicStatus),
  level: z.nullable(z.int()),
  /** Stats report: portfolio change over 24 h. */
  reportProfits: z.nullable(ZDecimal),
  message: z.string(),
  /** epic_closed: how the epic ended (closed, cancelled, liquidated, stopped, delisted, error). */
  epicEnding: z.optional(z.nullable(ZEpicEnding)),
  /** support_reply: the ticket answered, which the notice opens. Optional for older servers. */
  supportTicketId: z.optional(z.nullable(z.uuid())),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZListNotificationsQuery = z.strictObject({
  unread: z.optional(queryFlag),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});
export type TListNotificationsQuery = z.infer<typeof ZListNotificationsQuery>;

/** Newest first; `unread` counts all the caller's unread notices, whatever the page. */
export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  unread: z.int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** Without ids every notice of the caller is marked read. */
export const ZMarkNotificationsReadBody = z.strictObject({
  ids: z.optional(z.array(z.uuid()).check(z.minLength(1), z.maxLength(500))),
});
export type TMarkNotificationsReadBody = z.infer<typeof ZMarkNotificationsReadBody>;

export const ZMarkNotificationsRead = z.object({ updated: z.int() });
