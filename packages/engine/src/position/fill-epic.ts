import type { EpicState } from '../epic-state/epic-transitions.ts';
import { type IllegalTransition, transition } from '../epic-state/transition.ts';
import type { Fill } from '../market/order.ts';
import { type ApplyFillResult, applyFill } from './apply-fill.ts';
import type { Intent, Position } from './position.ts';

/** States in which a new or re-sized take-profit may be written (sent once the epic is active again). */
const PLACING: ReadonlySet<EpicState> = new Set(['pending', 'active', 'processing', 'warning']);

export type EpicFill =
  | {
      outcome: 'applied';
      position: Position;
      intents: Intent[];
      /** The epic's state once the fill is booked. */
      state: EpicState;
      /** A move the fill asked for that the state table refuses: the state stays, the caller says so. */
      refused?: IllegalTransition;
    }
  | { outcome: Exclude<ApplyFillResult['outcome'], 'applied'> };

/** The state a fill leaves the epic in: the fill's own move, or none when it is part of trading as usual. */
const stateAfterFill = (
  state: EpicState,
  event: ApplyFillResult['event'],
): { state: EpicState; refused?: IllegalTransition } => {
  if (event) {
    const moved = transition(state, event);
    return moved.ok ? { state: moved.state } : { state, refused: moved.error };
  }
  if (state !== 'active') return { state };
  // active → processing → active within one booking: the epic ends where it began, but both moves must be legal.
  const processing = transition(state, 'fill-received');
  const back = processing.ok ? transition(processing.state, 'fill-applied') : processing;
  return back.ok ? { state } : { state, refused: back.error };
};

/**
 * Cancelling keeps the coins and liquidating sells them itself: a fill then asks for no new take-profit, so the
 * one applyFill would place is retired before it is ever written, and no take-profit is live.
 */
const withoutNewOrders = (position: Position, intents: readonly Intent[]) => {
  const placed = intents.flatMap((intent) =>
    intent.type === 'place-order' ? [intent.order.clientOrderId] : [],
  );
  if (placed.length === 0) return { position, intents: [...intents] };
  const orders = { ...position.orders };
  for (const id of placed) {
    const order = orders[id];
    if (order) orders[id] = { ...order, retired: true };
  }
  return {
    position: { ...position, orders, takeProfitIds: [] },
    intents: intents.filter((intent) => intent.type !== 'place-order'),
  };
};

/**
 * One fill booked for an epic in `state` (applyFill, once per trade id): the position after it, the state it moves
 * the epic to, and the intents to carry out — none that place an order unless the epic is still trading. The worker
 * only writes what this returns (docs/decisions/worker-over-domain.md).
 */
export const fillEpic = (position: Position, state: EpicState, fill: Fill): EpicFill => {
  const result = applyFill(position, fill);
  if (result.outcome !== 'applied') return { outcome: result.outcome };
  const next = stateAfterFill(state, result.event);
  const booked = PLACING.has(next.state)
    ? { position: result.position, intents: result.intents }
    : withoutNewOrders(result.position, result.intents);
  return { outcome: 'applied', ...booked, ...next };
};
