import { EPIC_STATUSES, type TEpicStatus, TERMINAL_EPIC_STATUSES } from '@cdca/contracts';

/**
 * Every state an epic can be in (docs/product.md §3) and the ONE table of allowed moves (docs/decisions/epic-states.md). Anything not in
 * this table is refused by transition(); there is no other place an epic's status changes.
 */
export const EPIC_STATES = EPIC_STATUSES;
export type EpicState = TEpicStatus;

export const EPIC_EVENTS = [
  /** The first orders reached the exchange. */
  'orders-placed',
  /** A fill arrived; orders are being replaced. */
  'fill-received',
  /** The fill is booked and the take-profit re-placed. */
  'fill-applied',
  /** The take-profit sold everything held. */
  'take-profit-filled',
  /** The remaining buy orders are cancelled and the profit recorded. */
  'settled',
  'cancel-requested',
  /** Every open order is cancelled; the coins bought are kept. */
  'orders-cancelled',
  'liquidate-requested',
  /** The bid fell to the stop price. */
  'stop-triggered',
  /** The market sell of everything held is done. */
  'position-sold',
  'product-delisted',
  /** Insufficient funds, rate limit, exchange down, account deactivated: retried with back-off. */
  'recoverable-failure',
  'recovered',
  /** Keys revoked, permanent rejection. */
  'unrecoverable-failure',
] as const;
export type EpicEvent = (typeof EPIC_EVENTS)[number];

/** Defined once, in the contracts: the history screen and the server's queries read the same list. */
export const TERMINAL_STATES = TERMINAL_EPIC_STATUSES;

type Moves = Partial<Record<EpicEvent, EpicState>>;

export const EPIC_TRANSITIONS: Readonly<Record<EpicState, Moves>> = {
  // Nothing is on the exchange yet, so there is nothing to liquidate; a cancel still goes through cancelling so
  // an order sent just before the crash is found and cancelled.
  pending: {
    'orders-placed': 'active',
    'cancel-requested': 'cancelling',
    'product-delisted': 'delisted',
    'recoverable-failure': 'warning',
    'unrecoverable-failure': 'error',
  },
  active: {
    'fill-received': 'processing',
    'take-profit-filled': 'hit',
    'cancel-requested': 'cancelling',
    'liquidate-requested': 'liquidating',
    'stop-triggered': 'liquidating',
    'product-delisted': 'delisted',
    'recoverable-failure': 'warning',
    'unrecoverable-failure': 'error',
  },
  // A user's cancel or liquidate, or the stop, must not wait for a fill to be booked: the fill is booked either way.
  processing: {
    'fill-applied': 'active',
    'take-profit-filled': 'hit',
    'cancel-requested': 'cancelling',
    'liquidate-requested': 'liquidating',
    'stop-triggered': 'liquidating',
    'product-delisted': 'delisted',
    'recoverable-failure': 'warning',
    'unrecoverable-failure': 'error',
  },
  hit: { settled: 'closed', 'unrecoverable-failure': 'error' },
  // The take-profit may fill on the exchange before the cancel lands; that sale is what really happened.
  cancelling: {
    'orders-cancelled': 'cancelled',
    'take-profit-filled': 'hit',
    'unrecoverable-failure': 'error',
  },
  liquidating: { 'position-sold': 'liquidated', 'unrecoverable-failure': 'error' },
  // Orders keep resting while we back off, so the take-profit can still fill; a stop is not acted on until the
  // epic is active again (a deactivated account must sell nothing).
  warning: {
    recovered: 'active',
    'take-profit-filled': 'hit',
    'cancel-requested': 'cancelling',
    'liquidate-requested': 'liquidating',
    'product-delisted': 'delisted',
    'unrecoverable-failure': 'error',
  },
  // Unrecoverable for the engine; the trader can still wind the epic down once the keys work again.
  error: {
    'cancel-requested': 'cancelling',
    'liquidate-requested': 'liquidating',
    'product-delisted': 'delisted',
  },
  closed: {},
  cancelled: {},
  liquidated: {},
  delisted: {},
};
