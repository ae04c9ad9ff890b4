import { type TNotification, ZEpicNoticePayload } from '@cdca/contracts';
import type { notifications } from './notifications.schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The stored payload is parsed, not trusted: a row written by an older shape still answers, with what it has. */
export const toNotificationDto = (row: NotificationRow): TNotification => {
  const epic = ZEpicNoticePayload.safeParse(row.payload);
  const payload = epic.success ? epic.data : undefined;
  const rawMessage = (row.payload as { message?: unknown } | null)?.message;
  const reportProfits = (row.payload as { reportProfits?: unknown } | null)?.reportProfits;
  const supportTicketId = (row.payload as { supportTicketId?: unknown } | null)?.supportTicketId;
  return {
    id: row.id,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    read: row.read,
    epicId: payload?.epicId ?? null,
    epicCoin: payload?.epicCoin ?? null,
    coin: payload?.coin ?? null,
    dcaLevels: payload?.dcaLevels ?? null,
    epicProfits: payload?.epicProfits ?? null,
    epicStatus: payload?.epicStatus ?? null,
    level: payload?.level ?? null,
    epicEnding: payload?.ending ?? (row.type === 'epic_closed' && payload ? 'closed' : null),
    reportProfits: typeof reportProfits === 'string' ? reportProfits : null,
    message: typeof rawMessage === 'string' ? rawMessage : '',
    supportTicketId: typeof supportTicketId === 'string' ? supportTicketId : null,
  };
};
