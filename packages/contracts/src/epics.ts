import { z } from 'zod/mini';
import { ZDecimal } from './decimal.ts';
import { ZEpicInputs, ZEpicPlan, ZPlanProblem } from './epic-plan.ts';
import { text } from './text.ts';

const queryFlag = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
);

/** docs/product.md §3 epic statuses; the engine's transition table (packages/engine epic-state) decides the moves. */
export const EPIC_STATUSES = [
  'pending',
  'active',
  'processing',
  'hit',
  'cancelling',
  'cancelled',
  'liquidating',
  'liquidated',
  'closed',
  'delisted',
  'warning',
  'error',
] as const;
export const ZEpicStatus = z.enum(EPIC_STATUSES);
export type TEpicStatus = z.infer<typeof ZEpicStatus>;

/** History: an epic in one of these never moves again. */
export const TERMINAL_EPIC_STATUSES: readonly TEpicStatus[] = [
  'closed',
  'cancelled',
  'liquidated',
  'delisted',
];

export const ZEpicCoin = z.object({
  id: z.uuid(),
  /** The product, e.g. 'SOL-USD'. */
  symbol: z.string(),
  name: z.string(),
  photo: z.string(),
});
export type TEpicCoin = z.infer<typeof ZEpicCoin>;

/**
 * docs/product.md §3 Epic: what lists and the epic.created / epic.updated events carry. The inputs and the plan
 * (kilobytes an epic) are only in the detail (docs/decisions/epic-summary.md).
 */
export const ZEpic = z.object({
  id: z.uuid(),
  coin: ZEpicCoin,
  status: ZEpicStatus,
  /** Why the epic is in warning or error, in words the trader can act on. */
  statusReason: z.nullable(z.string()),
  coinSymbol: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  closedAt: z.nullable(z.iso.datetime()),
  /** Levels filled so far (shown as active/total). */
  activeDcaLevel: z.int(),
  dcaLevels: z.int(),
  budget: ZDecimal,
  profitsDollarAmount: z.nullable(ZDecimal),
  avgBuyRate: z.nullable(ZDecimal),
  /** Bought plus sold value. */
  volume: ZDecimal,
  /** What the buys cost before fees, from the fills: the budget used so far. */
  buyValue: ZDecimal,
  /**
   * The position's figures as the engine computes them (packages/engine position), so the browser only formats
   * them: the take-profit's price rounded to the tick and never under break-even
   * (docs/decisions/take-profit-break-even.md), null while nothing is held; the base held; and what the held
   * base cost incl. buy fees (avgBuyRate × held), null before the first buy.
   */
  takeProfitPrice: z.nullable(ZDecimal),
  heldBase: ZDecimal,
  costBasis: z.nullable(ZDecimal),
});
export type TEpic = z.infer<typeof ZEpic>;

export const ZEpicOrderStatus = z.enum([
  'intent',
  'open',
  'filled',
  'cancelled',
  'expired',
  'failed',
  'armed',
]);
export type TEpicOrderStatus = z.infer<typeof ZEpicOrderStatus>;

export const ZEpicOrder = z.object({
  id: z.uuid(),
  clientOrderId: z.string(),
  exchangeOrderId: z.nullable(z.string()),
  purpose: z.enum(['buy', 'take-profit', 'liquidation']),
  level: z.int(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['limit', 'market']),
  baseSize: z.nullable(ZDecimal),
  quoteSize: z.nullable(ZDecimal),
  limitPrice: z.nullable(ZDecimal),
  postOnly: z.boolean(),
  status: ZEpicOrderStatus,
  filledSize: ZDecimal,
  failureReason: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TEpicOrder = z.infer<typeof ZEpicOrder>;

export const ZEpicFill = z.object({
  tradeId: z.string(),
  clientOrderId: z.string(),
  exchangeOrderId: z.string(),
  side: z.enum(['buy', 'sell']),
  price: ZDecimal,
  size: ZDecimal,
  fee: ZDecimal,
  liquidity: z.enum(['maker', 'taker']),
  filledAt: z.iso.datetime(),
});
export type TEpicFill = z.infer<typeof ZEpicFill>;

/** A planned level with where its buy stands: 'planned' until the engine writes an order for it. */
export const ZEpicLevelState = z.object({
  level: z.int(),
  price: ZDecimal,
  quote: ZDecimal,
  baseSize: ZDecimal,
  placement: z.enum(['immediate', 'resting', 'trigger']),
  orderStatus: z.union([ZEpicOrderStatus, z.literal('planned')]),
  filledSize: ZDecimal,
});
export type TEpicLevelState = z.infer<typeof ZEpicLevelState>;

/** GET /api/v1/epics/{id}. */
export const ZEpicDetail = z.extend(ZEpic, {
  inputs: ZEpicInputs,
  plan: ZEpicPlan,
  levels: z.array(ZEpicLevelState),
  orders: z.array(ZEpicOrder),
  fills: z.array(ZEpicFill),
});
export type TEpicDetail = z.infer<typeof ZEpicDetail>;

/** POST /api/v1/epics. */
export const ZCreateEpicBody = z.strictObject({ coinId: z.uuid(), inputs: ZEpicInputs });
export type TCreateEpicBody = z.infer<typeof ZCreateEpicBody>;

/** POST /api/v1/epics/preview: the same body, nothing saved. */
export const ZPlanPreviewBody = ZCreateEpicBody;
export type TPlanPreviewBody = TCreateEpicBody;

export const ZPlanPreview = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), plan: ZEpicPlan }),
  z.object({ ok: z.literal(false), problems: z.array(ZPlanProblem) }),
]);
export type TPlanPreview = z.infer<typeof ZPlanPreview>;

/**
 * GET /api/v1/epics/plan-context?coinId=…: exactly what the server feeds `planEpic` for this coin, so the browser
 * runs the same function on the same inputs for the live preview (the product's trading rules, the best ask as
 * reference price, and the USD the trader has available when a key is connected).
 */
export const ZPlanContextQuery = z.strictObject({ coinId: z.uuid() });
export type TPlanContextQuery = z.infer<typeof ZPlanContextQuery>;

export const ZPlanProduct = z.object({
  id: z.string(),
  baseCurrency: z.string(),
  quoteCurrency: z.string(),
  baseName: z.string(),
  baseIncrement: z.string(),
  quoteIncrement: z.string(),
  priceIncrement: z.string(),
  baseMinSize: z.string(),
  baseMaxSize: z.string(),
  quoteMinSize: z.string(),
  quoteMaxSize: z.string(),
  status: z.enum(['online', 'offline', 'delisted']),
  tradingDisabled: z.boolean(),
  cancelOnly: z.boolean(),
  limitOnly: z.boolean(),
  postOnly: z.boolean(),
  price: z.string(),
  priceChange24h: z.string(),
  volume24h: z.string(),
});
export type TPlanProduct = z.infer<typeof ZPlanProduct>;

export const ZPlanContext = z.object({
  product: ZPlanProduct,
  referencePrice: ZDecimal,
  availableBalance: z.nullable(ZDecimal),
});
export type TPlanContext = z.infer<typeof ZPlanContext>;

export const EPIC_SORTS = ['createdAt:asc', 'createdAt:desc', 'updatedAt:asc', 'updatedAt:desc'] as const;
export const ZEpicSort = z.enum(EPIC_SORTS);
export type TEpicSort = z.infer<typeof ZEpicSort>;

/** Arrays repeat the key without indices (`status=active&status=warning`); one value arrives as a string. */
const repeated = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === undefined || Array.isArray(value) ? value : [value])),
    z.array(item).check(z.maxLength(20)),
  );

export const ZListEpicsQuery = z.strictObject({
  status: z.optional(repeated(ZEpicStatus)),
  coinId: z.optional(z.uuid()),
  coinSymbol: z.optional(text().check(z.trim(), z.minLength(1), z.maxLength(40))),
  sort: z._default(ZEpicSort, 'createdAt:desc'),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  includeTotal: z.optional(queryFlag),
});
export type TListEpicsQuery = z.infer<typeof ZListEpicsQuery>;

export const ZEpicList = z.object({ epics: z.array(ZEpic), total: z.optional(z.int()) });
export type TEpicList = z.infer<typeof ZEpicList>;

export const ZEpicParams = z.strictObject({ id: z.uuid() });

/** PATCH /api/v1/epics/{id}: the trader's actions and nothing else; the engine does the rest. */
export const ZUpdateEpicBody = z.strictObject({ action: z.enum(['cancel', 'liquidate']) });
export type TUpdateEpicBody = z.infer<typeof ZUpdateEpicBody>;
