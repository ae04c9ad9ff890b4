import type { Exchange } from '@cdca/exchange';

/**
 * Where a kill test stops the engine (ENGINE_CRASH_AT in the engine test process): with the order's intent row
 * written but the order not yet sent, or sent but the venue's answer not yet recorded. Both sit at the one call
 * that crosses to the venue, so the harness injects them by wrapping the exchange the engine is given: the
 * engine and the production config know nothing of them (docs/decisions/worker-over-domain.md).
 */
export const CRASH_POINTS = ['after-intent', 'after-send'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export const isCrashPoint = (value: string | undefined): value is CrashPoint =>
  CRASH_POINTS.some((point) => point === value);

/**
 * The exchange with `crash(clientOrderId)` called at `point` of every order placement: before the request leaves
 * (after-intent) or once the venue has taken it (after-send). A crash that throws or kills the process stops the
 * engine right there, as a killed process would: the database keeps what was committed, nothing after runs.
 */
export const crashingAt = (
  exchange: Exchange,
  point: CrashPoint,
  crash: (clientOrderId: string) => void,
): Exchange => ({
  ...exchange,
  account: (credentials) => {
    const inner = exchange.account(credentials);
    return {
      ...inner,
      placeOrder: async (request) => {
        if (point === 'after-intent') crash(request.clientOrderId);
        const order = await inner.placeOrder(request);
        if (point === 'after-send') crash(request.clientOrderId);
        return order;
      },
    };
  },
});
