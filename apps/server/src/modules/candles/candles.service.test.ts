import { manualClock } from '@cdca/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { countingDb } from '../../testing/counting-db.ts';
import { createCoinsRepository } from '../coins/coins.repository.ts';
import { buildEpicsTestApp } from '../epics/testing/epics.fixture.ts';
import { createCandlesService } from './candles.service.ts';

const t = appForAllTests(() => buildEpicsTestApp({ marketWalks: false }));
let counted: ReturnType<typeof countingDb>;
beforeAll(() => {
  counted = countingDb(t.database);
});
afterAll(() => counted.close());

describe('candles service', () => {
  it('replays a window the store held whole from memory: asking again within the hour sends no statement', async () => {
    const candles = createCandlesService({
      db: counted.db,
      exchange: t.paper,
      coins: createCoinsRepository(counted.db),
      // The venue's present, held still: the window does not move to a new hour between the two calls.
      clock: manualClock(new Date()),
      log: t.app.log,
      paperSeed: 7,
    });
    const first = await candles.windowMinutes(t.coinId('SOL-USD'), '30d');
    expect(first.complete).toBe(true);
    const sentBefore = counted.sent.statements;
    expect(sentBefore).toBeGreaterThan(0);

    const again = await candles.windowMinutes(t.coinId('SOL-USD'), '30d');
    expect(counted.sent.statements).toBe(sentBefore);
    expect(again.minutes).toBe(first.minutes);
    expect(again.coin).toEqual({ id: t.coinId('SOL-USD'), symbol: 'SOL-USD' });
  });
});
