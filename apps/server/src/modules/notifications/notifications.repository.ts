import type { TListNotificationsQuery } from '@cdca/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import type { NotificationRow } from './notification-dto.ts';
import { notifications } from './notifications.schema.ts';

export type AlertSettings = { epicClosedAlerts: boolean; epicHitAlerts: boolean };

/** Every query is scoped by account id: a notice is only ever reached by its owner. */
export const createNotificationsRepository = (db: Db) => ({
  /** An account without a settings row has the defaults, which are on (schema defaults). */
  alertSettings: async (accountId: string): Promise<AlertSettings> => {
    const [row] = await db
      .select({ epicClosedAlerts: settings.epicClosedAlerts, epicHitAlerts: settings.epicHitAlerts })
      .from(settings)
      .where(eq(settings.accountId, accountId));
    return row ?? { epicClosedAlerts: true, epicHitAlerts: true };
  },

  insert: async (values: {
    accountId: string;
    type: NotificationRow['type'];
    payload: unknown;
  }): Promise<NotificationRow> => {
    const [row] = await db.insert(notifications).values(values).returning();
    if (!row) throw new Error('notification insert returned nothing');
    return row;
  },

  list: async (accountId: string, query: TListNotificationsQuery): Promise<NotificationRow[]> => {
    const own = eq(notifications.accountId, accountId);
    return db
      .select()
      .from(notifications)
      .where(query.unread === undefined ? own : and(own, eq(notifications.read, !query.unread)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit)
      .offset(query.offset);
  },

  countUnread: async (accountId: string): Promise<number> => {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), eq(notifications.read, false)));
    return row?.n ?? 0;
  },

  /** Ids of other accounts are simply not matched, so they are neither marked nor revealed. */
  markRead: async (accountId: string, ids: string[] | undefined): Promise<number> => {
    const own = and(eq(notifications.accountId, accountId), eq(notifications.read, false));
    const rows = await db
      .update(notifications)
      .set({ read: true })
      .where(ids ? and(own, inArray(notifications.id, ids)) : own)
      .returning({ id: notifications.id });
    return rows.length;
  },
});
