import type { TShareEpicSnapshot, TSharePeriodSnapshot } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, renderCard } from './share-card.ts';
import { shareView } from './share-view.ts';

const epic: TShareEpicSnapshot = {
  kind: 'epic',
  coinSymbol: 'SOL-USD',
  status: 'closed',
  createdAt: '2026-06-01T10:00:00.000Z',
  closedAt: '2026-06-05T12:00:00.000Z',
  levelsBought: 3,
  dcaLevels: 6,
  realisedPnl: '318.42',
  realisedPnlPct: '6.37',
  capitalUsed: '5000',
  fills: [
    { filledAt: '2026-06-01T10:00:00.000Z', side: 'buy', price: '150', size: '2', fee: '0.3' },
    { filledAt: '2026-06-05T12:00:00.000Z', side: 'sell', price: '160', size: '2', fee: '0.3' },
  ],
};
const period: TSharePeriodSnapshot = {
  kind: 'period',
  period: '30d',
  from: '2026-05-16T12:00:00.000Z',
  to: '2026-06-15T12:00:00.000Z',
  realisedPnl: '1204.10',
  capitalUsed: '20000',
  returnOnCapitalPct: '6.02',
  winRatePct: '80.00',
  wins: 8,
  losses: 2,
  epicsClosed: 9,
  volume: '41000',
  fees: '41',
  best: { coinSymbol: 'SOL-USD', realisedPnl: '318.42', realisedPnlPct: '6.37' },
};

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the share card', () => {
  it('draws the dollar figure and the coin when both are shown', async () => {
    const card = await renderCard(
      shareView(epic, { amounts: 'dollars', showCoin: true, includeReferral: false }),
    );
    expect(card.text).toContain('+$318.42');
    expect(card.text).toContain('SOL-USD');
    expect(card.svg).toContain(`width="${CARD_WIDTH}"`);
    expect(card.svg).toContain(`height="${CARD_HEIGHT}"`);
    expect(card.png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  });

  it.each([
    ['an epic', epic],
    ['a period', period],
  ])('percent only, no coin: the card of %s says no dollar amount and no coin', async (_name, snapshot) => {
    const card = await renderCard(
      shareView(snapshot, { amounts: 'percent', showCoin: false, includeReferral: true }),
    );
    const words = card.text.join(' ');
    expect(words).toMatch(/%/);
    expect(words).not.toContain('$');
    expect(words).not.toContain('SOL');
  });

  it('names the referral code only when the sharer chose it and has one', async () => {
    const coded = { ...epic, referralCode: 'Carol10' };
    const shown = await renderCard(
      shareView(coded, { amounts: 'percent', showCoin: true, includeReferral: true }),
    );
    expect(shown.text).toContain('Join with code Carol10');
    const declined = await renderCard(
      shareView(coded, { amounts: 'percent', showCoin: true, includeReferral: false }),
    );
    expect(declined.text.join(' ')).not.toContain('Carol10');
    const none = await renderCard(
      shareView(epic, { amounts: 'percent', showCoin: true, includeReferral: true }),
    );
    expect(none.text.join(' ')).not.toContain('Join with code');
  });
});
