import type { TNotification as TServerNotification, TTopMover } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import {
  addNotification,
  looksUnread,
  MAX_NOTIFICATIONS,
  markAllRead,
  mergeNotifications,
  notificationText,
  topMoverNotification,
  unreadCount,
} from './notification-rules.ts';

const mover = (symbol: string, rank: number | null, id = `m-${symbol}`): TTopMover => ({
  id,
  symbol,
  createdAt: '2025-01-01T00:00:00.000Z',
  exchangeRateT24Ratio: '1.2',
  coinId: `c-${symbol}`,
  photo: '',
  rank,
});
const now = new Date('2025-02-01T12:00:00.000Z');

describe('notificationText', () => {
  it('says a rank-2 coin is moving fast, using the symbol before the dash', () => {
    expect(notificationText(topMoverNotification(mover('SOL-USD', 2), now))).toBe('SOL is moving fast! 🚀');
  });

  it('says any other rank is in a channel', () => {
    expect(notificationText(topMoverNotification(mover('DOGE-USD', 7), now))).toBe('DOGE is in a channel!');
    expect(notificationText(topMoverNotification(mover('PEPE-USD', null), now))).toBe(
      'PEPE is in a channel!',
    );
  });
});

describe('topMoverNotification', () => {
  it('is an unread top_mover notice carrying the coin', () => {
    expect(topMoverNotification(mover('SOL-USD', 3), now)).toEqual({
      id: 'm-SOL-USD',
      type: 'top_mover',
      createdAt: '2025-02-01T12:00:00.000Z',
      read: false,
      coin: { id: 'c-SOL-USD', symbol: 'SOL-USD', photo: '', rank: 3 },
    });
  });
});

describe('addNotification', () => {
  it('puts the newest first and never adds the same event twice', () => {
    const first = topMoverNotification(mover('SOL-USD', 3), now);
    const second = topMoverNotification(mover('ETH-USD', 2), now);
    const list = addNotification(addNotification([], first), second);
    expect(list.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(addNotification(list, first)).toHaveLength(2);
  });

  it('keeps at most the newest hundred', () => {
    let list = addNotification([], topMoverNotification(mover('A-USD', 1, 'id-0'), now));
    for (let index = 1; index <= MAX_NOTIFICATIONS + 5; index += 1) {
      list = addNotification(list, topMoverNotification(mover('A-USD', 1, `id-${index}`), now));
    }
    expect(list).toHaveLength(MAX_NOTIFICATIONS);
    expect(list[0]?.id).toBe(`id-${MAX_NOTIFICATIONS + 5}`);
  });
});

describe('read rules', () => {
  const list = [
    topMoverNotification(mover('SOL-USD', 3), now),
    { ...topMoverNotification(mover('ETH-USD', 2), now), read: true },
  ];

  it('counts unread notifications', () => {
    expect(unreadCount(list)).toBe(1);
  });

  it('marks everything read', () => {
    expect(unreadCount(markAllRead(list))).toBe(0);
  });

  it('keeps what was new looking unread while the menu is open', () => {
    const read = markAllRead(list);
    const unreadWhenOpened = new Set(['m-SOL-USD']);
    expect(read.map((n) => looksUnread(n, unreadWhenOpened))).toEqual([true, false]);
    expect(read.map((n) => looksUnread(n, new Set()))).toEqual([false, false]);
  });
});

describe('mergeNotifications', () => {
  const hit = (id: string, createdAt: string): TServerNotification => ({
    id,
    type: 'epic_hit',
    createdAt,
    read: false,
    epicId: null,
    epicCoin: 'SOL-USD',
    coin: null,
    dcaLevels: '2/4',
    epicProfits: null,
    epicStatus: 'active',
    level: 2,
    reportProfits: null,
    message: 'Your epic SOL[d7e8] filled level 2/4',
  });

  it('interleaves server notices and top movers, newest first', () => {
    const moving = topMoverNotification(mover('SOL-USD', 4), new Date('2025-02-01T12:00:00.000Z'));
    const merged = mergeNotifications(
      [hit('late', '2025-02-01T13:00:00.000Z'), hit('early', '2025-02-01T11:00:00.000Z')],
      [moving],
    );
    expect(merged.map((n) => n.id)).toEqual(['late', moving.id, 'early']);
    expect(notificationText(merged[0] ?? moving)).toBe('Your epic SOL[d7e8] filled level 2/4');
  });
});
