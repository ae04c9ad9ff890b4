import type {
  TEpicEnding,
  TEpicNoticePayload,
  TEpicStatus,
  TListNotificationsQuery,
  TMarkNotificationsReadBody,
  TNotification,
  TNotificationList,
  TRankTier,
} from '@cdca/contracts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { toEpicCoin } from '../epics/epic-dto.ts';
import { type EpicCoinRow, loadEpicWithCoin, type OwnedEpicSummaryRow } from '../epics/epic-events.ts';
import { plainDecimalOrNull } from '../epics/plain-decimal.ts';
import { epicEndedMessage, epicHitMessage, levelsLabel } from './epic-notice-message.ts';
import { type NotificationRow, toNotificationDto } from './notification-dto.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { rankReachedMessage } from './rank-notice-message.ts';

type Deps = { db: Db; bus: EventBus };

/** The ending a status stands for; the engine says 'stopped' itself, since the status is 'liquidated' either way. */
const endingOf = (status: TEpicStatus): TEpicEnding | undefined =>
  (['closed', 'cancelled', 'liquidated', 'delisted', 'error'] as const).find((ending) => ending === status);

/** What a rank notice stores: the tier reached and the lifetime profit that reached it. */
type RankNoticePayload = { tier: TRankTier; lifetimeRealisedProfit: string; message: string };

/** What a support reply notice stores: the ticket it opens (docs/decisions/support-tickets.md). */
type SupportReplyPayload = { supportTicketId: string; subject: string; message: string };

/**
 * What the engine hands over: the epic as it now stands (its summary columns, never its documents: the engine
 * does not read the plan), and its coin when it already has it.
 */
export type EpicNoticeInput = { epic: OwnedEpicSummaryRow; coin?: EpicCoinRow };

/**
 * Server-side notices (docs/product.md §4): created only when the account's matching setting is on, stored with read
 * state, and published as notification.created to the owner. The engine calls notifyEpicEnded / notifyEpicHit;
 * the routes call list / markRead.
 */
export const createNotificationsService = ({ db, bus }: Deps) => {
  const repository = createNotificationsRepository(db);

  const coinOf = async ({ epic, coin }: EpicNoticeInput): Promise<EpicCoinRow | undefined> =>
    coin ?? (await loadEpicWithCoin(db, epic.id))?.coin;

  const store = async (
    accountId: string,
    type: NotificationRow['type'],
    payload: TEpicNoticePayload | RankNoticePayload | SupportReplyPayload,
  ): Promise<TNotification> => {
    const notification = toNotificationDto(await repository.insert({ accountId, type, payload }));
    await bus.publish({ accountId, message: { routingKey: 'notification.created', event: notification } });
    return notification;
  };

  return {
    /**
     * An epic left trading — closed, cancelled, liquidated, stopped, delisted or refused for good (error): 'Your
     * epic SOL[abcd] was closed on 3/5 at a $12.34 profit'. One setting, epicClosedAlerts, gates them all.
     * Undefined when it is off. `ending` defaults to the epic's status.
     */
    notifyEpicEnded: async (
      input: EpicNoticeInput & { ending?: TEpicEnding },
    ): Promise<TNotification | undefined> => {
      const { epic } = input;
      const alerts = await repository.alertSettings(epic.accountId);
      if (!alerts.epicClosedAlerts) return undefined;
      const ending = input.ending ?? endingOf(epic.status);
      if (!ending) return undefined;
      const coin = await coinOf(input);
      const dcaLevels = levelsLabel(epic.activeDcaLevel, epic.dcaLevels);
      const epicProfits = plainDecimalOrNull(epic.profitsDollarAmount);
      return store(epic.accountId, 'epic_closed', {
        epicId: epic.id,
        epicCoin: epic.productId,
        ...(coin ? { coin: toEpicCoin(coin) } : {}),
        dcaLevels,
        epicProfits,
        epicStatus: epic.status,
        ending,
        message: epicEndedMessage({
          epicId: epic.id,
          productId: epic.productId,
          dcaLevels,
          profits: epicProfits,
          ending,
          reason: epic.statusReason,
        }),
      });
    },

    /** A DCA level filled (level defaults to the epic's activeDcaLevel). Undefined when the setting is off. */
    notifyEpicHit: async (
      input: EpicNoticeInput & { level?: number },
    ): Promise<TNotification | undefined> => {
      const { epic } = input;
      const alerts = await repository.alertSettings(epic.accountId);
      if (!alerts.epicHitAlerts) return undefined;
      const coin = await coinOf(input);
      const level = input.level ?? epic.activeDcaLevel;
      return store(epic.accountId, 'epic_hit', {
        epicId: epic.id,
        epicCoin: epic.productId,
        ...(coin ? { coin: toEpicCoin(coin) } : {}),
        dcaLevels: levelsLabel(level, epic.dcaLevels),
        epicProfits: null,
        epicStatus: epic.status,
        level,
        message: epicHitMessage({ epicId: epic.id, productId: epic.productId, level, total: epic.dcaLevels }),
      });
    },

    /**
     * The account rose to a new rank tier. Not gated by a setting: there is none for it yet, and it comes at most
     * nine times in an account's life (docs/decisions/rank-tiers.md).
     */
    notifyRankReached: async (input: {
      accountId: string;
      tier: TRankTier;
      lifetimeRealisedProfit: string;
    }): Promise<TNotification> =>
      store(input.accountId, 'rank_reached', {
        tier: input.tier,
        lifetimeRealisedProfit: input.lifetimeRealisedProfit,
        message: rankReachedMessage(input),
      }),
    /**
     * Delivers a notice another module stored in its own transaction (the daily report claims its day and writes
     * its notice in one statement, docs/decisions/daily-report.md).
     */
    announce: async (row: NotificationRow): Promise<void> => {
      await bus.publish({
        accountId: row.accountId,
        message: { routingKey: 'notification.created', event: toNotificationDto(row) },
      });
    },

    /**
     * An owner answered one of the account's support tickets. Not gated by a setting: the trader asked for this
     * answer (docs/decisions/support-tickets.md).
     */
    notifySupportReply: (input: {
      accountId: string;
      ticketId: string;
      subject: string;
    }): Promise<TNotification> =>
      store(input.accountId, 'support_reply', {
        supportTicketId: input.ticketId,
        subject: input.subject,
        message: `Support answered your ticket “${input.subject}”.`,
      }),
    list: async (accountId: string, query: TListNotificationsQuery): Promise<TNotificationList> => {
      const rows = await repository.list(accountId, query);
      return { notifications: rows.map(toNotificationDto), unread: await repository.countUnread(accountId) };
    },

    markRead: async (accountId: string, body: TMarkNotificationsReadBody) => ({
      updated: await repository.markRead(accountId, body.ids),
    }),
  };
};

export type NotificationsService = ReturnType<typeof createNotificationsService>;
