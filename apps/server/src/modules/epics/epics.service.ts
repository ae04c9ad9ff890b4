import type {
  TCreateEpicBody,
  TEpic,
  TEpicDetail,
  TEpicList,
  TListEpicsQuery,
  TPlanContext,
  TPlanPreview,
  TPlanPreviewBody,
  TUpdateEpicBody,
} from '@cdca/contracts';
import type { Exchange, ExchangeCredentials } from '@cdca/exchange';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CoinsRepository } from '../coins/coins.repository.ts';
import { createEpic } from './create-epic.ts';
import { toEpicDetailDto } from './epic-detail.ts';
import { toEpicDto } from './epic-dto.ts';
import { epicNotFound } from './epic-errors.ts';
import { createEpicsRepository } from './epics.repository.ts';
import { planForCoin, planInputsForCoin } from './plan-for-coin.ts';
import { requestEpicAction } from './request-epic-action.ts';

type Deps = {
  db: Db;
  bus: EventBus;
  accounts: AccountsService;
  exchange: Exchange;
  coins: CoinsRepository;
  /** The account's decrypted exchange credentials, or undefined without a key (exchange-keys service). */
  credentialsFor: (accountId: string) => Promise<ExchangeCredentials | undefined>;
};

/** docs/product.md §7 epics calls. Every call resolves the caller first and reaches only the caller's epics. */
export const createEpicsService = (deps: Deps) => {
  const { accounts } = deps;
  const repository = createEpicsRepository(deps.db);

  return {
    /** The plan or every problem, without saving anything; the free funds count only when a key is connected. */
    preview: async (auth: AuthContext, body: TPlanPreviewBody): Promise<TPlanPreview> => {
      const caller = await accounts.requireCaller(auth);
      const credentials = await deps.credentialsFor(caller.id);
      const funding = credentials && { accountId: caller.id, credentials };
      const { result } = await planForCoin(deps, body.coinId, body.inputs, funding);
      return result;
    },

    /** What the browser runs planEpic on for the live preview: the same inputs `preview` plans from. */
    planContext: async (auth: AuthContext, coinId: string): Promise<TPlanContext> => {
      const caller = await accounts.requireCaller(auth);
      const credentials = await deps.credentialsFor(caller.id);
      const funding = credentials && { accountId: caller.id, credentials };
      const { product, referencePrice, availableBalance } = await planInputsForCoin(deps, coinId, funding);
      return { product, referencePrice, availableBalance: availableBalance ?? null };
    },

    create: async (auth: AuthContext, body: TCreateEpicBody): Promise<TEpic> =>
      createEpic({ ...deps, repository }, await accounts.requireCaller(auth), body),

    list: async (auth: AuthContext, query: TListEpicsQuery): Promise<TEpicList> => {
      const caller = await accounts.requireCaller(auth);
      const rows = await repository.list(caller.id, query);
      const epics = rows.map(({ epic, coin }) => toEpicDto(epic, coin));
      if (!query.includeTotal) return { epics };
      return { epics, total: await repository.count(caller.id, query) };
    },

    get: async (auth: AuthContext, id: string): Promise<TEpicDetail> => {
      const caller = await accounts.requireCaller(auth);
      const found = await repository.findOwn(caller.id, id);
      if (!found) throw epicNotFound();
      const [orders, fills] = await Promise.all([repository.ordersOf(id), repository.fillsOf(id)]);
      return toEpicDetailDto(found, orders, fills);
    },

    update: async (auth: AuthContext, id: string, body: TUpdateEpicBody): Promise<TEpic> => {
      const caller = await accounts.requireCaller(auth);
      return requestEpicAction({ bus: deps.bus, repository }, caller.id, id, body);
    },
  };
};

export type EpicsService = ReturnType<typeof createEpicsService>;
