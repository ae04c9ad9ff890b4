import { type TEpicStatus, TERMINAL_EPIC_STATUSES } from '@cdca/contracts';
import { transition } from '@cdca/engine';

export { TERMINAL_EPIC_STATUSES };

/** The tones of the shared Tag: green good, amber attention, red trouble, blue busy, neutral done. */
export type EpicStatusTone = 'neutral' | 'green' | 'red' | 'amber' | 'blue';

type StatusCopy = { label: string; tone: EpicStatusTone; meaning: string };

/**
 * What each status (docs/product.md §3, docs/decisions/epic-states.md) is called and what it means for the trader, in one sentence.
 * Warning and error say what the trader can do, because those are the states where the trader may have to act.
 */
const STATUS_COPY: Record<TEpicStatus, StatusCopy> = {
  pending: {
    label: 'Pending',
    tone: 'blue',
    meaning: 'Saved; the first orders are on their way to the exchange.',
  },
  active: {
    label: 'Active',
    tone: 'green',
    meaning: 'Buying in levels as the price moves, with a take-profit sell waiting above the average.',
  },
  processing: {
    label: 'Processing',
    tone: 'blue',
    meaning: 'A fill just arrived; the average and the take-profit are being updated.',
  },
  hit: {
    label: 'Hit',
    tone: 'green',
    meaning: 'The take-profit filled; the remaining buy orders are being cancelled and the profit booked.',
  },
  cancelling: {
    label: 'Cancelling',
    tone: 'amber',
    meaning: 'Cancelling every open order; the coins already bought stay in your account.',
  },
  cancelled: {
    label: 'Cancelled',
    tone: 'neutral',
    meaning: 'You cancelled this epic: its orders were cancelled and the coins bought were kept.',
  },
  liquidating: {
    label: 'Liquidating',
    tone: 'amber',
    meaning: 'Cancelling every order and selling everything held at the market price.',
  },
  liquidated: {
    label: 'Liquidated',
    tone: 'neutral',
    meaning: 'Everything held was sold at the market price (by you or by the stop).',
  },
  closed: {
    label: 'Closed',
    tone: 'green',
    meaning: 'The take-profit sold everything held; the epic is finished.',
  },
  delisted: {
    label: 'Delisted',
    tone: 'neutral',
    meaning:
      'The exchange stopped trading this coin, so the epic ended; any coins held stay in your account.',
  },
  warning: {
    label: 'Warning',
    tone: 'amber',
    meaning:
      'The exchange refused or failed a request for now; we retry on our own. Check your USD balance and your exchange account, or cancel or liquidate if you want out.',
  },
  error: {
    label: 'Error',
    tone: 'red',
    meaning:
      'The exchange permanently refused our orders (often revoked or changed API keys). Reconnect working keys under Settings → API keys, then cancel or liquidate the epic.',
  },
};

export const epicStatusLabel = (status: TEpicStatus): string => STATUS_COPY[status].label;
export const epicStatusTone = (status: TEpicStatus): EpicStatusTone => STATUS_COPY[status].tone;
export const epicStatusMeaning = (status: TEpicStatus): string => STATUS_COPY[status].meaning;

export const isTerminalEpicStatus = (status: TEpicStatus): boolean => TERMINAL_EPIC_STATUSES.includes(status);

/** Live epics: everything that is not in history yet (dashboard). */
export const LIVE_EPIC_STATUSES: readonly TEpicStatus[] = (Object.keys(STATUS_COPY) as TEpicStatus[]).filter(
  (status) => !isTerminalEpicStatus(status),
);

/** Whether the server will accept the trader's cancel / liquidate now: the engine's own transition table. */
export const canCancelEpic = (status: TEpicStatus): boolean => transition(status, 'cancel-requested').ok;
export const canLiquidateEpic = (status: TEpicStatus): boolean =>
  transition(status, 'liquidate-requested').ok;
