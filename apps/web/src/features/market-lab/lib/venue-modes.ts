import type { TPaperProductAvailability } from '@cdca/contracts';

export type VenueMode = {
  /** The button: what pressing it does. */
  action: string;
  /** The state it leaves the product in, for the toast and the "last set here" line. */
  state: string;
  /**
   * What the paper venue then accepts (packages/exchange/src/paper/order-validation.ts) and what the engine does
   * about it (apps/server/src/engine/steps/active-steps.ts).
   */
  effect: string;
  /** Irreversible for epics: asks first. */
  confirm?: { title: string; text: string; label: string };
};

/** Every availability the API takes (ZPaperProductAvailability), in the order the lab offers them. */
export const VENUE_MODES: Readonly<Record<TPaperProductAvailability, VenueMode>> = {
  online: {
    action: 'Bring back online',
    state: 'online',
    effect: 'Every kind of order is accepted again.',
  },
  'trading-disabled': {
    action: 'Halt trading',
    state: 'halted (trading disabled)',
    effect: 'New orders are refused; resting orders stay. Running epics wait until it is back.',
  },
  'cancel-only': {
    action: 'Cancel-only',
    state: 'cancel-only',
    effect: 'Only cancels are accepted. Running epics wait until it is back.',
  },
  'limit-only': {
    action: 'Limit-only',
    state: 'limit-only',
    effect: 'Market orders are refused; limit orders are taken.',
  },
  'post-only': {
    action: 'Post-only',
    state: 'post-only',
    effect: 'Limit orders only, and only as makers.',
  },
  offline: {
    action: 'Take offline',
    state: 'offline',
    effect: 'The coin shows offline and takes no new orders.',
  },
  delisted: {
    action: 'Delist…',
    state: 'delisted',
    effect: 'Cancels its resting orders; epics on it end as delisted.',
    confirm: {
      title: 'Delist this coin?',
      label: 'Delist',
      text: 'Every resting order on it is cancelled and every epic on it, of any trader, ends as delisted (the coins bought are kept). Bringing it back online later does not restart those epics.',
    },
  },
};

export const MODE_ORDER = Object.keys(VENUE_MODES) as TPaperProductAvailability[];
