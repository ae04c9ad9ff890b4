import type { Fill } from '@cdca/engine';
import { ExchangeError } from '@cdca/engine';
import type { Exchange, ExchangeAccount, Unsubscribe } from '@cdca/exchange';
import { createTokenBucket } from '@cdca/exchange/coinbase';
import type { KeysAccess } from '../engine-deps.ts';

/** One trader's exchange access inside the engine: throttled, with the fills the stream pushed since last pass. */
export type AccountSession = {
  account: ExchangeAccount;
  /** Fills from the user stream, applied (deduped by trade id) at the next pass. */
  drainFills: () => Fill[];
  close: () => void;
};

const throttled = (inner: ExchangeAccount, take: () => Promise<void>): ExchangeAccount => {
  const gate =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await take();
      return call(...args);
    };
  return {
    getKeyPermissions: gate(() => inner.getKeyPermissions()),
    getBalances: gate(() => inner.getBalances()),
    placeOrder: gate((request: Parameters<ExchangeAccount['placeOrder']>[0]) => inner.placeOrder(request)),
    cancelOrders: gate((ids: readonly string[]) => inner.cancelOrders(ids)),
    getOrder: gate((id: string) => inner.getOrder(id)),
    getOrderByClientOrderId: gate((id: string) => inner.getOrderByClientOrderId(id)),
    listFills: gate((query: Parameters<ExchangeAccount['listFills']>[0]) => inner.listFills(query)),
    subscribeUserEvents: (onEvent) => inner.subscribeUserEvents(onEvent),
  };
};

export const createAccountSessions = ({
  exchange,
  keys,
  requestsPerSecond,
  onActivity,
}: {
  exchange: Exchange;
  keys: KeysAccess;
  requestsPerSecond: number;
  /** The stream delivered something: run a pass soon rather than at the next poll. */
  onActivity: () => void;
}) => {
  const sessions = new Map<string, AccountSession>();
  return {
    /** Throws ExchangeError('unauthorized') when the account has no key stored: nothing can trade for it. */
    get: async (accountId: string): Promise<AccountSession> => {
      const existing = sessions.get(accountId);
      if (existing) return existing;
      const credentials = await keys.credentialsFor(accountId);
      if (!credentials) throw new ExchangeError('unauthorized', 'no exchange API key is connected');
      const bucket = createTokenBucket({ ratePerSecond: requestsPerSecond });
      const account = throttled(exchange.account(credentials), bucket.take);
      let queued: Fill[] = [];
      const unsubscribe: Unsubscribe = account.subscribeUserEvents((event) => {
        if (event.type === 'fill') queued.push(event.fill);
        onActivity();
      });
      const session: AccountSession = {
        account,
        drainFills: () => {
          const fills = queued;
          queued = [];
          return fills;
        },
        close: unsubscribe,
      };
      sessions.set(accountId, session);
      return session;
    },
    /** A key changed or was refused: read it again next time. */
    drop: (accountId: string) => {
      sessions.get(accountId)?.close();
      sessions.delete(accountId);
    },
    closeAll: () => {
      for (const session of sessions.values()) session.close();
      sessions.clear();
    },
  };
};
export type AccountSessions = ReturnType<typeof createAccountSessions>;
