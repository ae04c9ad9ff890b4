import type {
  TShareEpicSnapshot,
  TShareFill,
  TSharePeriodSnapshot,
  TSharePrivacy,
  TShareSnapshot,
  TStatsPeriod,
} from '@cdca/contracts';
import { formatUsd, money, ROUND_HALF_UP } from '@cdca/engine';

/**
 * What a public share shows, already formatted: the ONE place the privacy choices are applied. The page and the
 * card render only this, so "% only" and "hide the coin" cannot be forgotten by one of them
 * (docs/decisions/verified-sharing.md).
 */
export type ShareView = {
  /** 'SOL-USD epic, closed' or 'Last 30 days'. */
  title: string;
  /** The card's small label over the headline. */
  eyebrow: string;
  /** The big figure: '+$318.42' or '+6.40%'. */
  headline: string;
  /** Whether the headline is a gain (green), a loss (red) or nothing yet (plain). */
  tone: 'gain' | 'loss' | 'flat';
  /** One line under the headline: '+6.40% on the capital used' (dollars) or 'return on the capital used'. */
  subline: string;
  /** The coin's symbol, or null when hidden. */
  coin: string | null;
  /** The card's round mark: the coin's base ('SOL'), '•••' for a hidden coin, the period ('30D') for a report. */
  mark: string;
  badge: string;
  /** Up to four small facts: label and value. */
  facts: { label: string; value: string }[];
  /** An ended epic's fills, for the page's table; columns depend on the privacy choices. */
  fills: { columns: string[]; rows: string[][] } | null;
  /** The period or dates the figures cover, in words. */
  span: string;
  description: string;
  /** The sharer's referral code, when they chose to include it and have one; a visitor can sign up through it. */
  referralCode: string | null;
};

type FiguresView = Omit<ShareView, 'referralCode'>;

export const PERIOD_TITLES: Record<TStatsPeriod, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  all: 'All time',
};

const DAY_MS = 86_400_000;
const signed = (value: string, format: (abs: string) => string) => {
  const amount = money(value);
  if (amount.isZero()) return format('0');
  return `${amount.isNegative() ? '−' : '+'}${format(amount.abs().toFixed())}`;
};
const usd = (value: string) => signed(value, (abs) => formatUsd(money(abs)));
const pct = (value: string | null) =>
  value === null ? '—' : signed(value, (abs) => `${money(abs).toFixed(2, ROUND_HALF_UP)}%`);
const plainPct = (value: string | null) =>
  value === null ? '—' : `${money(value).toFixed(1, ROUND_HALF_UP)}%`;
const toneOf = (value: string | null): ShareView['tone'] => {
  if (value === null || money(value).isZero()) return 'flat';
  return money(value).isNegative() ? 'loss' : 'gain';
};
const day = (iso: string) => iso.slice(0, 10);
const minute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const daysBetween = (from: string, to: string) =>
  Math.max(1, Math.ceil((Date.parse(to) - Date.parse(from)) / DAY_MS));

const periodView = (s: TSharePeriodSnapshot, privacy: TSharePrivacy): FiguresView => {
  const dollars = privacy.amounts === 'dollars';
  const bestName = privacy.showCoin && s.best ? s.best.coinSymbol : 'Best epic';
  const facts = [
    { label: 'Epics closed', value: String(s.epicsClosed) },
    { label: 'Win rate', value: plainPct(s.winRatePct) },
    { label: 'Wins / losses', value: `${s.wins} / ${s.losses}` },
    ...(s.best
      ? [{ label: privacy.showCoin ? `Best: ${bestName}` : bestName, value: pct(s.best.realisedPnlPct) }]
      : []),
  ];
  const span = `${day(s.from)} – ${day(s.to)} (UTC)`;
  return {
    title: PERIOD_TITLES[s.period],
    eyebrow: dollars ? 'Realised profit' : 'Return on capital',
    headline: dollars ? usd(s.realisedPnl) : pct(s.returnOnCapitalPct),
    tone: toneOf(dollars ? s.realisedPnl : s.returnOnCapitalPct),
    subline: dollars
      ? `${pct(s.returnOnCapitalPct)} on ${formatUsd(money(s.capitalUsed))} of capital used`
      : 'on the capital used by the epics that ended',
    coin: null,
    mark: s.period === 'all' ? 'ALL' : s.period.toUpperCase(),
    badge: 'VERIFIED',
    facts: dollars ? [...facts.slice(0, 3), { label: 'Volume', value: formatUsd(money(s.volume)) }] : facts,
    fills: null,
    span,
    description: `${PERIOD_TITLES[s.period]} on CDCA: ${dollars ? usd(s.realisedPnl) : pct(s.returnOnCapitalPct)} ${dollars ? 'realised' : 'return on capital'}, ${s.epicsClosed} epics closed. Computed by CDCA from the recorded fills.`,
  };
};

/** Prices as a change from the first buy, so neither the coin (by its price) nor a dollar figure shows. */
const relativeTo = (first: string) => (price: string) => {
  const base = money(first);
  if (base.isZero()) return '—';
  const change = money(price).div(base).minus(1).mul(100).toFixed(2, ROUND_HALF_UP);
  return signed(change, (abs) => `${money(abs).toFixed(2)}%`);
};

const fillTable = (fills: TShareFill[], privacy: TSharePrivacy): ShareView['fills'] => {
  const firstPrice = fills[0]?.price ?? '0';
  const change = relativeTo(firstPrice);
  const side = (fill: TShareFill) => (fill.side === 'buy' ? 'Buy' : 'Sell');
  if (privacy.amounts === 'percent') {
    return {
      columns: ['Time', 'Side', 'Price vs first buy'],
      rows: fills.map((fill) => [minute(fill.filledAt), side(fill), change(fill.price)]),
    };
  }
  const fee = (fill: TShareFill) => formatUsd(money(fill.fee));
  if (!privacy.showCoin) {
    return {
      columns: ['Time', 'Side', 'Price vs first buy', 'Value', 'Fee'],
      rows: fills.map((fill) => [
        minute(fill.filledAt),
        side(fill),
        change(fill.price),
        formatUsd(money(fill.price).mul(fill.size)),
        fee(fill),
      ]),
    };
  }
  return {
    columns: ['Time', 'Side', 'Price', 'Size', 'Fee'],
    rows: fills.map((fill) => [
      minute(fill.filledAt),
      side(fill),
      // A price keeps every decimal the venue reported: coins under a dollar trade in fractions of a cent.
      `$${money(fill.price).toFixed()}`,
      money(fill.size).toFixed(),
      fee(fill),
    ]),
  };
};

const epicView = (s: TShareEpicSnapshot, privacy: TSharePrivacy): FiguresView => {
  const dollars = privacy.amounts === 'dollars';
  const coin = privacy.showCoin ? s.coinSymbol : null;
  const days = daysBetween(s.createdAt, s.closedAt);
  const ended = s.status === 'closed' ? 'closed' : 'liquidated';
  const name = coin ? `${coin} epic` : 'An epic';
  return {
    title: `${name}, ${ended}`,
    eyebrow: dollars ? 'Profit' : 'Return',
    headline: dollars ? usd(s.realisedPnl) : pct(s.realisedPnlPct),
    tone: toneOf(dollars ? s.realisedPnl : s.realisedPnlPct),
    subline: dollars
      ? `${pct(s.realisedPnlPct)} on ${formatUsd(money(s.capitalUsed))} of capital used`
      : 'on the capital the epic used',
    coin,
    mark: coin ? (coin.split('-')[0] ?? coin).slice(0, 5) : '•••',
    badge: ended.toUpperCase(),
    facts: [
      { label: 'Levels', value: `${s.levelsBought}/${s.dcaLevels}` },
      { label: 'Days', value: String(days) },
      { label: 'Fills', value: String(s.fills.length) },
    ],
    fills: fillTable(s.fills, privacy),
    span: `${day(s.createdAt)} – ${day(s.closedAt)} (UTC)`,
    description: `${name} ${ended} on CDCA with ${dollars ? usd(s.realisedPnl) : pct(s.realisedPnlPct)} after ${days} ${days === 1 ? 'day' : 'days'}. Computed by CDCA from the recorded fills.`,
  };
};

export const shareView = (snapshot: TShareSnapshot, privacy: TSharePrivacy): ShareView => {
  const view = snapshot.kind === 'period' ? periodView(snapshot, privacy) : epicView(snapshot, privacy);
  const referralCode = privacy.includeReferral ? (snapshot.referralCode ?? null) : null;
  return { ...view, referralCode };
};
