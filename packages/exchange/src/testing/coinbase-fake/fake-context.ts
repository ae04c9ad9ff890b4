import type { Reply } from './fake-reply.ts';
import type { FakeVenue } from './fake-venue.ts';

export type Scope = 'public' | 'any' | 'view' | 'trade';

/**
 * What Coinbase does where its documentation says nothing (docs/providers.md): each switch picks one plausible
 * answer, so the adapter can be run against every one of them.
 */
export type FakeBehaviours = {
  /**
   * A create repeating a client_order_id already used: the original order as a success, a failure naming the
   * duplicate, or a failure that does not say why.
   */
  duplicateClientOrderId: 'original-order' | 'failure-duplicate' | 'failure-unnamed';
  /** Reading an order right after creating it: found at once, or 404 on the first read (eventual consistency). */
  readAfterCreate: 'immediate' | 'not-found-once';
};

export const DEFAULT_BEHAVIOURS: FakeBehaviours = {
  duplicateClientOrderId: 'original-order',
  readAfterCreate: 'immediate',
};

export type FakeState = {
  venue: FakeVenue;
  /** Orders placed through the fake, per key, oldest first: the list endpoint's fallback. */
  placedOrders: Map<string, string[]>;
  behaviours: FakeBehaviours;
  /** Orders created and not read yet (readAfterCreate: not-found-once). */
  unreadOrders: Set<string>;
  /** User-channel messages to lose on the way (their sequence numbers are used up: a gap the client can see). */
  loseUserMessages: number;
  /** User-channel subscriptions answered with their snapshot, ever: tests wait for one instead of sleeping. */
  userSubscriptions: number;
};

export type RouteContext = {
  state: FakeState;
  query: URLSearchParams;
  body: unknown;
  /** Path parameters, decoded. */
  params: string[];
  /** The verified key; set for every non-public route. */
  keyName: string;
};

export type Route = {
  method: 'GET' | 'POST';
  /** Path after /api/v3/brokerage. */
  pattern: RegExp;
  scope: Scope;
  handle: (context: RouteContext) => Promise<Reply>;
};

/** Coinbase takes repeated keys (product_ids=A&product_ids=B); ccxt sends the singular form too. */
export const many = (query: URLSearchParams, ...names: string[]): string[] =>
  names.flatMap((name) => query.getAll(name)).filter((value) => value.length > 0);

/** Offset cursors: opaque to clients, which only echo them back. */
export const page = <T>(
  items: readonly T[],
  query: URLSearchParams,
  defaultLimit: number,
  maxLimit: number,
) => {
  const limit = Math.min(maxLimit, Math.max(1, Number(query.get('limit')) || defaultLimit));
  const offset = Math.max(0, Number(query.get('cursor')) || 0);
  const slice = items.slice(offset, offset + limit);
  const hasNext = offset + limit < items.length;
  return { slice, hasNext, cursor: hasNext ? String(offset + limit) : '' };
};
