import type { TEpicInputs, TEpicPlan, TEpicPlanResult } from '@cdca/contracts';
import { ZEpicInputs } from '@cdca/contracts';
import type { Product } from '@cdca/engine';
import {
  applyFill,
  avgBuyRate,
  clientOrderId,
  createPosition,
  type Intent,
  liquidationOrders,
  money,
  type Position,
  planEpic,
  profitsDollarAmount,
  ROUND_HALF_UP,
  sellFeeRateOf,
  takeProfitPrice,
} from '@cdca/engine';

/**
 * Worked examples are checked against the engine itself (test-only; the UI never imports this). A lesson marks a
 * figure it quotes with an HTML comment the reader never sees:
 *
 *   <!-- check: BTC-USD@97250.00 1000.00 5 quadratic back below 2 1.5 none => L3.price=93398.90 stopPrice=… -->
 *
 * Before `=>`: coin@reference price, then budget, dcaLevels, scaling, load, direction, buySpread, sellSpread and
 * stopSpread (`none` for no stop), planned on the lesson market (LESSON_MARKETS: Coinbase's increments and $1
 * minimum) with the planner's default fees (0.4 % maker, 0.6 % taker). After `=>`, space-separated `key=value` claims, read
 * left to right:
 * - `L<n>.<field>=` a planned level's field (price, quote, baseSize, cost, estimatedFee, avgBuyRate,
 *   takeProfitPrice, breakEvenPrice, moveToTakeProfit, limitPrice, cumulativeCost …);
 * - `stopPrice= totalCost= totalFees= fundsRequired= unspent=` the plan's totals;
 * - `ok=true|false`, `problem=<code>` or `problem=<code>@<level>`, `warning=<code>`;
 * - `fill=1,3` books buy fills of those levels through the engine's position code (at the level's price with
 *   the plan's estimated fee), then `avg= tp= be= held= spent=` read the position;
 * - `sell=tp` fills the take-profit at its price (fee at the plan's sell fee rate), `liquidate=<price>` market-sells
 *   everything held at that price (taker fee); then `profit=` reads the epic's profit.
 * A quoted figure matches when it equals the engine's, or equals it rounded half-up to the quoted decimals.
 */

export const TAKER_FEE_RATE = '0.006';

/**
 * The markets the lessons use, with Coinbase's trading rules as the paper exchange lists them (price step, size
 * step, the $1.00 minimum order) and the paper exchange's starting prices. Kept here rather than imported, so the
 * lessons' figures change only when the lessons or the engine's maths change.
 */
const LESSON_MARKETS: Record<
  string,
  { name: string; size: string; price: string; maxSize: string; start: string }
> = {
  'BTC-USD': { name: 'Bitcoin', size: '0.00000001', price: '0.01', maxSize: '3400', start: '97250.00' },
  'ETH-USD': { name: 'Ethereum', size: '0.00000001', price: '0.01', maxSize: '28000', start: '3420.00' },
  'SOL-USD': { name: 'Solana', size: '0.00000001', price: '0.01', maxSize: '180000', start: '186.40' },
};

export const LESSON_COINS = Object.keys(LESSON_MARKETS);

/** A lesson market as planEpic reads it, trading at `price` (its paper starting price by default). */
export const lessonProduct = (productId: string, price?: string): Product => {
  const market = LESSON_MARKETS[productId];
  if (!market) throw new Error(`${productId} is not one of the lesson markets (${LESSON_COINS.join(', ')})`);
  return {
    id: productId,
    baseCurrency: productId.replace(/-USD$/, ''),
    quoteCurrency: 'USD',
    baseName: market.name,
    baseIncrement: market.size,
    quoteIncrement: market.price,
    priceIncrement: market.price,
    baseMinSize: market.size,
    baseMaxSize: market.maxSize,
    quoteMinSize: '1',
    quoteMaxSize: '10000000',
    status: 'online',
    tradingDisabled: false,
    cancelOnly: false,
    limitOnly: false,
    postOnly: false,
    price: price ?? market.start,
    priceChange24h: '0',
    volume24h: '0',
  };
};

export type Check = { coin: string; price: string; inputs: TEpicInputs; claims: [string, string][] };

const CHECK = /<!--\s*check:\s*([\s\S]*?)-->/g;

export const findChecks = (body: string): string[] =>
  [...body.matchAll(CHECK)].map((m) => (m[1] ?? '').trim());

export const parseCheck = (text: string): Check => {
  const [left = '', right = ''] = text.split('=>');
  const [product = '', budget, dcaLevels, scaling, load, direction, buySpread, sellSpread, stopSpread] = left
    .trim()
    .split(/\s+/);
  const [coin = '', price = ''] = product.split('@');
  if (!coin || !price || stopSpread === undefined) throw new Error(`check needs 9 inputs: ${text}`);
  const inputs = ZEpicInputs.parse({
    budget,
    dcaLevels: Number(dcaLevels),
    scaling,
    load,
    direction,
    buySpread,
    sellSpread,
    stopSpread: stopSpread === 'none' ? null : stopSpread,
  });
  const claims = right
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((claim): [string, string] => {
      const at = claim.indexOf('=');
      if (at <= 0) throw new Error(`claim "${claim}" is not key=value`);
      return [claim.slice(0, at), claim.slice(at + 1)];
    });
  if (claims.length === 0) throw new Error(`check claims nothing: ${text}`);
  return { coin, price, inputs, claims };
};

/** Whether a quoted figure is the engine's: the same, or the same rounded half-up to the quoted decimals. */
export const sameFigure = (quoted: string, actual: string | null | undefined): boolean => {
  if (actual === null || actual === undefined) return quoted === 'none';
  if (quoted === actual) return true;
  if (!/^-?\d+(\.\d+)?$/.test(quoted) || !/^-?\d+(\.\d+)?$/.test(actual)) return false;
  const decimals = quoted.split('.')[1]?.length ?? 0;
  return money(actual).toDecimalPlaces(decimals, ROUND_HALF_UP).toFixed(decimals) === quoted;
};

const EPIC_ID = '00000000-0000-4000-8000-00000000a11d';
let tradeSeq = 0;

const fillOf = (
  position: Position,
  id: string,
  side: 'buy' | 'sell',
  price: string,
  size: string,
  fee: string,
) => ({
  tradeId: `academy-${++tradeSeq}`,
  orderId: `order-${id}`,
  clientOrderId: id,
  productId: position.productId,
  side,
  price,
  size,
  fee,
  liquidity: 'taker' as const,
  time: new Date(0),
});

const placed = (intents: Intent[]) => intents.flatMap((i) => (i.type === 'place-order' ? [i] : []));

/** Runs one check; returns the claims that do not hold, as "key: quoted … engine …" lines. */
export const runCheck = (check: Check): string[] => {
  const product = lessonProduct(check.coin, check.price);
  const result: TEpicPlanResult = planEpic(check.inputs, product, check.price);
  const plan: TEpicPlan | undefined = result.ok ? result.plan : undefined;
  let position = plan ? createPosition(EPIC_ID, plan, product) : undefined;
  let takeProfit: Intent[] = [];
  const wrong: string[] = [];
  const expect = (key: string, quoted: string, actual: string | null | undefined) => {
    if (!sameFigure(quoted, actual)) wrong.push(`${key}: quoted ${quoted}, engine ${actual ?? 'nothing'}`);
  };
  const needPosition = (key: string) => {
    if (!position || !plan) throw new Error(`${key} needs an accepted plan`);
    return { position, plan };
  };

  for (const [key, quoted] of check.claims) {
    const level = /^L(\d+)\.(\w+)$/.exec(key);
    if (level) {
      const planned = plan?.levels.find((l) => l.level === Number(level[1]));
      const value = planned ? (planned as Record<string, unknown>)[level[2] ?? ''] : undefined;
      expect(key, quoted, typeof value === 'string' ? value : undefined);
    } else if (
      ['stopPrice', 'totalCost', 'totalFees', 'fundsRequired', 'unspent', 'sellFeeRate'].includes(key)
    ) {
      expect(key, quoted, plan ? ((plan as Record<string, unknown>)[key]?.toString() ?? null) : undefined);
    } else if (key === 'ok') {
      expect(key, quoted, String(result.ok));
    } else if (key === 'problem') {
      const [code, at] = quoted.split('@');
      const found =
        !result.ok &&
        result.problems.some((p) => p.code === code && (at === undefined || p.level === Number(at)));
      if (!found)
        wrong.push(
          `problem ${quoted} not raised (${result.ok ? 'plan accepted' : result.problems.map((p) => `${p.code}@${p.level}`).join(', ')})`,
        );
    } else if (key === 'warning') {
      if (!plan?.warnings?.some((w) => w.code === quoted)) wrong.push(`warning ${quoted} not raised`);
    } else if (key === 'fill') {
      for (const n of quoted.split(',').map(Number)) {
        const { position: p, plan: pl } = needPosition(key);
        const planned = pl.levels.find((l) => l.level === n);
        if (!planned) throw new Error(`no level ${n}`);
        const id = clientOrderId(EPIC_ID, 'buy', n, 0);
        const applied = applyFill(
          p,
          fillOf(p, id, 'buy', planned.price, planned.baseSize, planned.estimatedFee),
        );
        position = applied.position;
        const next = placed(applied.intents).filter((i) => i.order.purpose === 'take-profit');
        if (next.length > 0) takeProfit = next;
      }
    } else if (key === 'avg') {
      expect(key, quoted, avgBuyRate(needPosition(key).position));
    } else if (key === 'held') {
      expect(key, quoted, needPosition(key).position.heldBase);
    } else if (key === 'spent') {
      expect(key, quoted, needPosition(key).position.quoteSpent);
    } else if (key === 'tp' || key === 'be') {
      const p = needPosition(key).position;
      const priced = takeProfitPrice({
        quoteSpent: money(p.quoteSpent),
        bought: money(p.boughtBase),
        sellSpread: money(p.sellSpread),
        sellFeeRate: sellFeeRateOf(p),
        priceIncrement: money(p.rules.priceIncrement),
      });
      // tp reads the take-profit order the position really placed after its last fill, when there is one.
      const live = placed(takeProfit)[0]?.request;
      const placedPrice = live && 'limitPrice' in live ? live.limitPrice : undefined;
      expect(
        key,
        quoted,
        key === 'tp' ? (placedPrice ?? priced.price.toFixed()) : priced.breakEven.toFixed(),
      );
    } else if (key === 'sell') {
      const { position: p, plan: pl } = needPosition(key);
      let next = p;
      for (const intent of placed(takeProfit)) {
        const { request } = intent;
        if (request.type !== 'limit') throw new Error('a take-profit is a limit sell');
        const { limitPrice: price, baseSize } = request;
        const fee = money(price).mul(baseSize).mul(pl.sellFeeRate).toFixed();
        next = applyFill(next, fillOf(next, request.clientOrderId, 'sell', price, baseSize, fee)).position;
      }
      position = next;
    } else if (key === 'liquidate') {
      const { position: p } = needPosition(key);
      const sale = liquidationOrders(p, money(quoted));
      if (sale.kind !== 'sell') throw new Error(`liquidation at ${quoted} is ${sale.kind}`);
      let next = sale.position;
      for (const { request } of sale.intents) {
        const fee = money(quoted)
          .mul(request.baseSize ?? '0')
          .mul(TAKER_FEE_RATE)
          .toFixed();
        next = applyFill(
          next,
          fillOf(next, request.clientOrderId, 'sell', quoted, request.baseSize ?? '0', fee),
        ).position;
      }
      position = next;
    } else if (key === 'profit') {
      expect(key, quoted, profitsDollarAmount(needPosition(key).position));
    } else {
      throw new Error(`unknown claim "${key}"`);
    }
  }
  return wrong;
};
