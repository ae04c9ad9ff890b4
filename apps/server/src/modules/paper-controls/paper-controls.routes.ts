import {
  type TPaperProductState,
  ZPaperProductParams,
  ZPaperProductState,
  ZScriptPaperPriceBody,
  ZSetPaperPriceBody,
  ZSetPaperStatusBody,
} from '@cdca/contracts';
import { isExchangeError } from '@cdca/engine';
import type { Exchange } from '@cdca/exchange';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { MarketSync } from '../coins/market-sync.ts';
import { paperDisabled } from '../exchange-keys/mint-paper-key.ts';
import type { PaperMarketControls } from './paper-market-controls.ts';

type Options = {
  accounts: AccountsService;
  exchange: Exchange;
  /** Undefined on a real venue and always in production: every route then answers 404. */
  paper: PaperMarketControls | undefined;
  marketSync: MarketSync;
};

/**
 * Owner-only levers on the paper market so journeys can drive an epic through its levels in seconds
 * (development and test only). The catalogue is re-synced at once so screens see the change.
 */
export const paperControlsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { accounts, exchange, paper, marketSync },
) => {
  const control = async (
    request: Parameters<typeof authOf>[0],
    productId: string,
    act: (controls: PaperMarketControls) => void | Promise<void>,
  ): Promise<TPaperProductState> => {
    if (!paper) throw paperDisabled();
    const caller = await accounts.requireCaller(authOf(request));
    if (caller.role !== 'owner') throw forbidden('Only owners can drive the paper market.');
    try {
      await act(paper);
      const product = await exchange.market.getProduct(productId);
      await marketSync.syncNow();
      return { productId: product.id, price: product.price, status: product.status };
    } catch (error) {
      if (isExchangeError(error, 'not-found') || isExchangeError(error, 'product-unavailable')) {
        throw new AppError(404, 'product-not-found', `The paper market has no product ${productId}.`);
      }
      // A price off the product's increment passes the schema but not the venue: the owner needs the venue's reason.
      if (isExchangeError(error, 'invalid-order')) {
        throw new AppError(400, 'bad-request', `The paper market refused it: ${error.message}.`);
      }
      throw error;
    }
  };

  const response = { 200: ZPaperProductState };

  app.post(
    '/paper/products/:productId/price',
    { schema: { params: ZPaperProductParams, body: ZSetPaperPriceBody, response } },
    (request) =>
      control(request, request.params.productId, (controls) =>
        controls.setPrice(request.params.productId, request.body.price),
      ),
  );

  app.post(
    '/paper/products/:productId/script',
    { schema: { params: ZPaperProductParams, body: ZScriptPaperPriceBody, response } },
    (request) =>
      control(request, request.params.productId, (controls) =>
        controls.scriptPath(request.params.productId, request.body),
      ),
  );

  app.post(
    '/paper/products/:productId/status',
    { schema: { params: ZPaperProductParams, body: ZSetPaperStatusBody, response } },
    (request) =>
      control(request, request.params.productId, (controls) =>
        controls.setStatus(request.params.productId, request.body.status),
      ),
  );
};
