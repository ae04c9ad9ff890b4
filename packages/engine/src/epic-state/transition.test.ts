import { describe, expect, it } from 'vitest';
import {
  EPIC_EVENTS,
  EPIC_STATES,
  type EpicEvent,
  type EpicState,
  TERMINAL_STATES,
} from './epic-transitions.ts';
import { transition } from './transition.ts';

/**
 * The legal moves written out again, independently of the table, from docs/decisions/epic-states.md: if someone edits the table
 * this list has to change too, on purpose.
 */
const LEGAL: ReadonlyArray<[EpicState, EpicEvent, EpicState]> = [
  ['pending', 'orders-placed', 'active'],
  ['pending', 'cancel-requested', 'cancelling'],
  ['pending', 'product-delisted', 'delisted'],
  ['pending', 'recoverable-failure', 'warning'],
  ['pending', 'unrecoverable-failure', 'error'],
  ['active', 'fill-received', 'processing'],
  ['active', 'take-profit-filled', 'hit'],
  ['active', 'cancel-requested', 'cancelling'],
  ['active', 'liquidate-requested', 'liquidating'],
  ['active', 'stop-triggered', 'liquidating'],
  ['active', 'product-delisted', 'delisted'],
  ['active', 'recoverable-failure', 'warning'],
  ['active', 'unrecoverable-failure', 'error'],
  ['processing', 'fill-applied', 'active'],
  ['processing', 'take-profit-filled', 'hit'],
  ['processing', 'cancel-requested', 'cancelling'],
  ['processing', 'liquidate-requested', 'liquidating'],
  ['processing', 'stop-triggered', 'liquidating'],
  ['processing', 'product-delisted', 'delisted'],
  ['processing', 'recoverable-failure', 'warning'],
  ['processing', 'unrecoverable-failure', 'error'],
  ['hit', 'settled', 'closed'],
  ['hit', 'unrecoverable-failure', 'error'],
  ['cancelling', 'orders-cancelled', 'cancelled'],
  ['cancelling', 'take-profit-filled', 'hit'],
  ['cancelling', 'unrecoverable-failure', 'error'],
  ['liquidating', 'position-sold', 'liquidated'],
  ['liquidating', 'unrecoverable-failure', 'error'],
  ['warning', 'recovered', 'active'],
  ['warning', 'take-profit-filled', 'hit'],
  ['warning', 'cancel-requested', 'cancelling'],
  ['warning', 'liquidate-requested', 'liquidating'],
  ['warning', 'product-delisted', 'delisted'],
  ['warning', 'unrecoverable-failure', 'error'],
  ['error', 'cancel-requested', 'cancelling'],
  ['error', 'liquidate-requested', 'liquidating'],
  ['error', 'product-delisted', 'delisted'],
];

const legalNext = (from: EpicState, event: EpicEvent) =>
  LEGAL.find(([f, e]) => f === from && e === event)?.[2];

const allPairs = EPIC_STATES.flatMap((from) => EPIC_EVENTS.map((event) => [from, event] as const));
const illegalPairs = allPairs.filter(([from, event]) => legalNext(from, event) === undefined);

describe('epic transitions', () => {
  it.each(LEGAL)('%s --%s--> %s', (from, event, to) => {
    expect(transition(from, event)).toEqual({ ok: true, state: to });
  });

  it(`refuses all ${illegalPairs.length} illegal pairs of the ${allPairs.length}`, () => {
    expect(illegalPairs.length).toBe(allPairs.length - LEGAL.length);
    for (const [from, event] of illegalPairs) {
      const result = transition(from, event);
      expect(result).toMatchObject({ ok: false, error: { code: 'illegal-transition', from, event } });
    }
  });

  it.each(TERMINAL_STATES)('goes nowhere from terminal %s', (state) => {
    expect(EPIC_EVENTS.every((event) => !transition(state, event).ok)).toBe(true);
  });

  it('reaches every state from pending', () => {
    const seen = new Set<EpicState>(['pending']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [from, , to] of LEGAL) {
        if (seen.has(from) && !seen.has(to)) {
          seen.add(to);
          grew = true;
        }
      }
    }
    expect([...seen].sort()).toEqual([...EPIC_STATES].sort());
  });

  it('lets every non-terminal state reach a terminal one', () => {
    for (const state of EPIC_STATES.filter((s) => !TERMINAL_STATES.includes(s))) {
      const reach = new Set<EpicState>([state]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const [from, , to] of LEGAL) {
          if (reach.has(from) && !reach.has(to)) {
            reach.add(to);
            grew = true;
          }
        }
      }
      expect(TERMINAL_STATES.some((t) => reach.has(t))).toBe(true);
    }
  });
});
