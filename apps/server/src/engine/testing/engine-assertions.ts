import type { TEpicInputs } from '@cdca/contracts';
import type { Order } from '@cdca/engine';
import { money, ROUND_FLOOR } from '@cdca/engine';
import type { Exchange, ExchangeCredentials } from '@cdca/exchange';
import type { PaperExchange } from '@cdca/exchange/paper';
import { eq } from 'drizzle-orm';
import { epicFills, epicOrders, epics } from '../../modules/epics/epics.schema.ts';
import type { EpicsTestApp } from '../../modules/epics/testing/epics.fixture.ts';

/** Three levels 5 % apart below 100, take-profit 3 % over the average: the scripted path of the tests. */
export const threeLevelsBelow = (overrides: Partial<TEpicInputs> = {}): TEpicInputs => ({
  budget: '600.00',
  dcaLevels: 3,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '5',
  sellSpread: '3',
  stopSpread: null,
  ...overrides,
});

export const epicRow = async (t: EpicsTestApp, id: string) =>
  (await t.database.db.select().from(epics).where(eq(epics.id, id)))[0];

export const epicFillRows = (t: EpicsTestApp, id: string) =>
  t.database.db.select().from(epicFills).where(eq(epicFills.epicId, id));

export const epicOrderRows = (t: EpicsTestApp, id: string) =>
  t.database.db.select().from(epicOrders).where(eq(epicOrders.epicId, id));

/** Every order the venue holds for this key's portfolio, whatever its state. */
export const venueOrders = async (paper: PaperExchange, key: ExchangeCredentials): Promise<Order[]> => {
  const { portfolioId } = await paper.account(key).getKeyPermissions();
  return paper.venue.listOrders(portfolioId);
};

/** Client order ids the venue holds more than one order for (must be empty). */
export const duplicateClientIds = (orders: readonly Order[]) => {
  const count = new Map<string, number>();
  for (const o of orders) count.set(o.clientOrderId, (count.get(o.clientOrderId) ?? 0) + 1);
  return [...count].filter(([, n]) => n > 1).map(([id]) => id);
};

/** Sell proceeds − buy cost − every fee, from the booked fills alone, floored to the cent as the engine reports it. */
export const profitImpliedByFills = async (t: EpicsTestApp, id: string) => {
  let implied = money(0);
  for (const f of await epicFillRows(t, id)) {
    const value = money(f.price).mul(f.size);
    implied = f.side === 'sell' ? implied.plus(value).minus(f.fee) : implied.minus(value).minus(f.fee);
  }
  return implied.toDecimalPlaces(2, ROUND_FLOOR).toFixed(2);
};

/** Fills booked by the engine vs fills the venue made for the epic's orders: each exactly once. */
export const venueFillIds = async (
  exchange: Exchange,
  key: ExchangeCredentials,
  clientOrderIds: Set<string>,
) =>
  (await exchange.account(key).listFills({ since: new Date(0) }))
    .filter((f) => clientOrderIds.has(f.clientOrderId))
    .map((f) => f.tradeId)
    .sort();

/** Runs passes with a price step before each, the way the market would move between polls. */
export const drive = async (
  engine: { runOnce: () => Promise<void> },
  paper: PaperExchange,
  productId: string,
  prices: readonly string[],
  passesPerStep = 2,
) => {
  for (const price of prices) {
    await paper.setPrice(productId, price);
    for (let i = 0; i < passesPerStep; i++) await engine.runOnce();
  }
};

/** The engine's clock, wall time plus a jump the test controls: back-offs pass without sleeping. */
export const jumpingClock = () => {
  let offsetMs = 0;
  return {
    clock: { now: () => new Date(Date.now() + offsetMs) },
    jump: (ms: number) => {
      offsetMs += ms;
    },
  };
};

/** Past the longest back-off (5 min) and any Retry-After the tests use. */
export const PAST_BACKOFF_MS = 10 * 60_000;

/** Available plus on hold (an open sell holds the coins it offers). */
export const baseBalance = async (exchange: Exchange, key: ExchangeCredentials, currency: string) => {
  const balance = (await exchange.account(key).getBalances()).find((b) => b.currency === currency);
  return money(balance?.available ?? '0').plus(balance?.hold ?? '0');
};
