import type {
  TCoin,
  TCreateWatchlistItemBody,
  TListWatchlistItemsQuery,
  TWatchlistItem,
  TWatchlistItemList,
} from '@cdca/contracts';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { toCoinDto } from '../coins/coin-dto.ts';
import type { CoinsRepository } from '../coins/coins.repository.ts';
import { coinNotFound } from '../coins/coins.service.ts';
import { createWatchlistRepository, type WatchlistItemRow } from './watchlist.repository.ts';

type Deps = { db: Db; bus: EventBus; accounts: AccountsService; coins: CoinsRepository };

const toItemDto = (row: WatchlistItemRow, coin?: TCoin): TWatchlistItem => ({
  id: row.id,
  accountId: row.accountId,
  coinId: row.coinId,
  coinSymbol: row.coinSymbol,
  createdAt: row.createdAt.toISOString(),
  ...(coin ? { coin } : {}),
});

export const createWatchlistService = ({ db, bus, accounts, coins }: Deps) => {
  const repository = createWatchlistRepository(db);

  /** accountId travels in the body and query (docs/product.md §7); it must be the caller's own. */
  const requireOwnAccount = async (auth: AuthContext, accountId: string) => {
    const caller = await accounts.requireCaller(auth);
    if (caller.id !== accountId) throw forbidden('This watchlist belongs to another account.');
    return caller;
  };

  return {
    /** A coin already in the list is skipped, not an error (docs/product.md §5): the existing item comes back. */
    create: async (auth: AuthContext, body: TCreateWatchlistItemBody) => {
      await requireOwnAccount(auth, body.accountId);
      const coinRow = await coins.findById(body.coinId);
      if (!coinRow) throw coinNotFound();
      // The catalogue's symbol wins over the one sent, so the list never disagrees with the coin.
      const { row, created } = await repository.createOnce({
        accountId: body.accountId,
        coinId: coinRow.id,
        coinSymbol: coinRow.symbol,
      });
      const item = toItemDto(row, toCoinDto(coinRow));
      if (created) {
        await bus.publish({
          accountId: row.accountId,
          message: { routingKey: 'watchlist-item.created', event: item },
        });
      }
      return { item, created };
    },

    list: async (auth: AuthContext, query: TListWatchlistItemsQuery): Promise<TWatchlistItemList> => {
      await requireOwnAccount(auth, query.accountId);
      const rows = await repository.list(query.accountId, query);
      const watchListItems = rows.map(({ item, coin }) =>
        toItemDto(item, query.withCoin ? toCoinDto(coin) : undefined),
      );
      if (!query.includeTotal) return { watchListItems };
      return { watchListItems, total: await repository.count(query.accountId) };
    },

    /** Another account's item answers 404 like a missing one, so ids cannot be probed. */
    remove: async (auth: AuthContext, id: string): Promise<TWatchlistItem> => {
      const caller = await accounts.requireCaller(auth);
      const row = await repository.deleteOwn(caller.id, id);
      if (!row)
        throw new AppError(404, 'watchlist-item-not-found', 'There is no such item in your watchlist.');
      const item = toItemDto(row);
      await bus.publish({
        accountId: row.accountId,
        message: { routingKey: 'watchlist-item.deleted', event: item },
      });
      return item;
    },
  };
};

export type WatchlistService = ReturnType<typeof createWatchlistService>;
