import type { TEpicInputs } from '@cdca/contracts';
import {
  activeDcaLevel,
  applyFill,
  avgBuyRate,
  CATALOGUE,
  type CatalogueEntry,
  createPosition,
  type Fill,
  listedProduct,
  money,
  type Position,
  planEpic,
  priceDownToIncrement,
  profitsDollarAmount,
  ROUND_UP,
  volume,
} from '@cdca/engine';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fillRowOf } from '../engine/store/fill-writes.ts';
import { coins } from '../modules/coins/coins.schema.ts';
import { epicFills, epicOrders, epics } from '../modules/epics/epics.schema.ts';
import { writeEpicSummary } from '../modules/stats/epic-summaries.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Coinbase Advanced's entry-tier rates, as the plan assumes (docs/decisions/epic-maths.md). */
const MAKER_FEE = '0.004';
const TAKER_FEE = '0.006';

export type SeededEpic = { epicId: string; productId: string; profit: string; closedAt: Date };

/** A small seeded generator (mulberry32): the same seed writes the same history. */
const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};
type Random = ReturnType<typeof seededRandom>;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Fees as the paper venue charges them: the rate on the fill's value, rounded up (packages/exchange paper). */
const feeOf = (price: string, size: string, rate: string) =>
  money(price).mul(size).mul(rate).toDecimalPlaces(8, ROUND_UP).toFixed();

const randomInputs = (random: Random): TEpicInputs => ({
  budget: pick(random, ['250.00', '500.00', '750.00', '1000.00', '1500.00']),
  dcaLevels: 3 + Math.floor(random() * 3),
  scaling: pick(random, ['quadratic', 'fibonacci', 'exponential'] as const),
  load: pick(random, ['back', 'front', 'hedge'] as const),
  direction: 'below',
  buySpread: pick(random, ['3', '4', '5', '6']),
  sellSpread: pick(random, ['2', '3', '4', '5']),
  stopSpread: null,
});

/** Levels a seeded epic filled before its take-profit: mostly one or two, now and then deeper. */
const levelsFilled = (random: Random, levels: number) => {
  const roll = random();
  return Math.min(levels, roll < 0.45 ? 1 : roll < 0.8 ? 2 : roll < 0.95 ? 3 : 4);
};

type CoinRow = { id: string; symbol: string; price: string };

/**
 * One ended epic as the engine would have booked it: planned by planEpic on the coin's rules, its buys and its
 * take-profit applied by applyFill to a createPosition, so the stored position, average, volume and profit are the
 * engine's own figures from exactly the fills written beside them (docs/decisions/stats-figures.md).
 */
const simulateEpic = (random: Random, entry: CatalogueEntry, coin: CoinRow, now: Date) => {
  const product = listedProduct(entry, {
    price: coin.price,
    priceChange24h: '0',
    volume24h: '0',
    availability: 'online',
  });
  const drift = money(1).plus((random() - 0.5) * 0.3);
  const reference = priceDownToIncrement(money(coin.price).mul(drift), money(entry.priceIncrement)).toFixed();
  const inputs = randomInputs(random);
  const planned = planEpic(inputs, product, reference, { makerFeeRate: MAKER_FEE, takerFeeRate: TAKER_FEE });
  if (!planned.ok) return undefined;
  const epicId = crypto.randomUUID();
  const createdAt = new Date(now.getTime() - (2 + random() * 87) * DAY_MS);
  const lasted = (2 + random() * 100) * HOUR_MS;
  const closedAt = new Date(Math.min(createdAt.getTime() + lasted, now.getTime() - HOUR_MS));
  const fills: (Fill & { epicId: string })[] = [];
  let position: Position = createPosition(epicId, planned.plan, product);
  const book = (fill: Omit<Fill, 'tradeId' | 'orderId' | 'productId'>) => {
    const full = {
      ...fill,
      tradeId: `seed-${epicId}-${fills.length}`,
      orderId: `seed-${fill.clientOrderId}`,
      productId: product.id,
    };
    position = applyFill(position, full).position;
    fills.push({ ...full, epicId });
  };
  const filled = levelsFilled(random, planned.plan.levels.length);
  const span = closedAt.getTime() - createdAt.getTime();
  for (const level of planned.plan.levels.slice(0, filled)) {
    const order = Object.values(position.orders).find((o) => o.purpose === 'buy' && o.level === level.level);
    if (!order) continue;
    // Level 1 takes the ask (taker); deeper levels rest on the book and are filled as the price falls (maker).
    const taker = level.level === 1;
    book({
      clientOrderId: order.clientOrderId,
      side: 'buy',
      price: level.price,
      size: order.baseSize,
      fee: feeOf(level.price, order.baseSize, taker ? TAKER_FEE : MAKER_FEE),
      liquidity: taker ? 'taker' : 'maker',
      time: new Date(createdAt.getTime() + 60_000 + ((level.level - 1) / filled) * span * 0.8),
    });
  }
  for (const id of position.takeProfitIds) {
    const order = position.orders[id];
    if (!order?.limitPrice) continue;
    book({
      clientOrderId: id,
      side: 'sell',
      price: order.limitPrice,
      size: order.baseSize,
      fee: feeOf(order.limitPrice, order.baseSize, MAKER_FEE),
      liquidity: 'maker',
      time: closedAt,
    });
  }
  if (position.finishedBy !== 'take-profit') return undefined;
  return { epicId, inputs, plan: planned.plan, position, fills, createdAt, closedAt };
};

/**
 * Writes `count` ended epics over the past 90 days for the account, on the paper market's coins already in the
 * catalogue table (the server syncs them at start). Each epic, its orders and its fills go in one transaction.
 */
export const seedHistory = async (
  db: Db,
  {
    accountId,
    count,
    now = new Date(),
    seed = Date.now(),
  }: { accountId: string; count: number; now?: Date; seed?: number },
): Promise<SeededEpic[]> => {
  const symbols = CATALOGUE.map((entry) => `${entry.base}-USD`);
  const rows = await db
    .select({ id: coins.id, symbol: coins.symbol, price: coins.price })
    .from(coins)
    .where(and(inArray(coins.symbol, symbols), eq(coins.status, 'online')));
  const listed = CATALOGUE.flatMap((entry) => {
    const coin = rows.find((row) => row.symbol === `${entry.base}-USD`);
    return coin && money(coin.price).gt(0) ? [{ entry, coin }] : [];
  });
  if (listed.length === 0) {
    throw new Error('No paper coins in the catalogue yet: start the server once (it syncs them), then seed.');
  }
  const random = seededRandom(seed);
  const seeded: SeededEpic[] = [];
  for (let attempt = 0; seeded.length < count && attempt < count * 20; attempt += 1) {
    const { entry, coin } = pick(random, listed);
    const epic = simulateEpic(random, entry, coin, now);
    if (!epic) continue;
    await writeEpic(db, accountId, coin, epic);
    seeded.push({
      epicId: epic.epicId,
      productId: coin.symbol,
      profit: profitsDollarAmount(epic.position),
      closedAt: epic.closedAt,
    });
  }
  return seeded;
};

const writeEpic = (
  db: Db,
  accountId: string,
  coin: CoinRow,
  epic: NonNullable<ReturnType<typeof simulateEpic>>,
) =>
  db.transaction(async (tx) => {
    const { position } = epic;
    await tx.insert(epics).values({
      id: epic.epicId,
      accountId,
      coinId: coin.id,
      productId: coin.symbol,
      status: 'closed',
      inputs: epic.inputs,
      plan: epic.plan,
      position,
      budget: epic.inputs.budget,
      dcaLevels: epic.inputs.dcaLevels,
      activeDcaLevel: activeDcaLevel(position),
      avgBuyRate: avgBuyRate(position),
      profitsDollarAmount: profitsDollarAmount(position),
      volume: volume(position),
      createdAt: epic.createdAt,
      updatedAt: epic.closedAt,
      closedAt: epic.closedAt,
    });
    await tx.insert(epicOrders).values(
      Object.values(position.orders).map((order) => {
        const done = money(order.filledSize).gte(order.baseSize);
        return {
          epicId: epic.epicId,
          clientOrderId: order.clientOrderId,
          exchangeOrderId: done ? `seed-${order.clientOrderId}` : null,
          purpose: order.purpose,
          level: order.level,
          side: order.side,
          type: 'limit' as const,
          baseSize: order.baseSize,
          limitPrice: order.limitPrice,
          status: done ? ('filled' as const) : ('cancelled' as const),
          filledSize: order.filledSize,
          createdAt: epic.createdAt,
          updatedAt: epic.closedAt,
        };
      }),
    );
    // Booked when it happened: history written after the fact.
    await tx.insert(epicFills).values(epic.fills.map((fill) => fillRowOf(epic.epicId, fill, fill.time)));
    // Written straight into history, so frozen here as the engine would when it ends an epic.
    await writeEpicSummary(tx, epic.epicId);
  });
