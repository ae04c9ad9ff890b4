import type { TEpicStatus } from '@cdca/contracts';
import { planEpic } from '@cdca/engine';
import { inputsFixture, productFixture } from '@cdca/engine/testing';
import type { Db } from '../../../db/client.ts';
import { accounts } from '../../../db/schema.ts';
import { epicFills, epics } from '../../epics/epics.schema.ts';
import { writeEpicSummary } from '../epic-summaries.ts';

/**
 * Rows written straight to the database: the stats read what the engine wrote, so no engine run is needed. An
 * ended epic gets its summary as the engine's ending transaction writes it (docs/decisions/stats-summaries.md).
 */
export const insertAccount = async (db: Db, userId: string) => {
  const [row] = await db
    .insert(accounts)
    .values({ userId, email: `${userId}@example.test`, status: 'active' })
    .returning();
  if (!row) throw new Error('account insert returned nothing');
  return row;
};

/** The stats never read the plan; the column just needs a real one. */
const plannedOnce = () => {
  const inputs = inputsFixture();
  const result = planEpic(inputs, productFixture(), '100.00');
  if (!result.ok) throw new Error('the fixture plan is refused');
  return { inputs, plan: result.plan };
};
const planned = plannedOnce();

export type FillSpec = { side: 'buy' | 'sell'; at: string; price: string; size: string; fee: string };

export const insertEpic = async (
  db: Db,
  spec: {
    accountId: string;
    coin: { id: string; symbol: string };
    status: TEpicStatus;
    createdAt: string;
    closedAt?: string;
    fills: FillSpec[];
  },
) => {
  const [row] = await db
    .insert(epics)
    .values({
      accountId: spec.accountId,
      coinId: spec.coin.id,
      productId: spec.coin.symbol,
      status: spec.status,
      ...planned,
      budget: '1000',
      dcaLevels: 3,
      createdAt: new Date(spec.createdAt),
      updatedAt: new Date(spec.closedAt ?? spec.createdAt),
      closedAt: spec.closedAt ? new Date(spec.closedAt) : null,
    })
    .returning();
  if (!row) throw new Error('epic insert returned nothing');
  if (spec.fills.length > 0) {
    await db.insert(epicFills).values(
      spec.fills.map((fill, index) => ({
        tradeId: `${row.id}-${index}`,
        epicId: row.id,
        clientOrderId: `${row.id}-order-${index}`,
        exchangeOrderId: `${row.id}-x-${index}`,
        side: fill.side,
        price: fill.price,
        size: fill.size,
        fee: fill.fee,
        liquidity: 'taker' as const,
        filledAt: new Date(fill.at),
      })),
    );
  }
  await writeEpicSummary(db, row.id);
  return row;
};
