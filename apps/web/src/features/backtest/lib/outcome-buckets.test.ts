import type { TBacktestStart } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { outcomeBuckets, worstDrawdown } from './outcome-buckets.ts';

const HOUR = 3_600_000;
const start = (outcome: TBacktestStart['outcome'], hours: number | null, drawdown = '0'): TBacktestStart => ({
  startTime: 0,
  outcome,
  endTime: hours === null ? null : hours * HOUR,
  timeToCloseMs: hours === null ? null : hours * HOUR,
  levelsUsed: 1,
  profit: '0',
  capitalUsed: '100',
  deepestDrawdown: drawdown,
});

describe('outcome buckets', () => {
  it('sorts closes by time to close at the day and week edges, then open and stopped; refused is no outcome', () => {
    const buckets = outcomeBuckets([
      start('closed', 2),
      start('closed', 23.9),
      start('closed', 24),
      start('closed', 71),
      start('closed', 72),
      start('closed', 24 * 7),
      start('closed', 24 * 14),
      start('closed', 24 * 40),
      start('open', null),
      start('stopped', 30),
      start('refused', null),
    ]);
    expect(buckets.map((bucket) => [bucket.label, bucket.count])).toEqual([
      ['Under 1 day', 2],
      ['1–3 days', 2],
      ['3–7 days', 1],
      ['1–2 weeks', 1],
      ['2+ weeks', 2],
      ['Still open', 1],
      ['Stopped', 1],
    ]);
  });

  it('names the deepest drawdown of any traded start, and none when nothing traded', () => {
    expect(
      worstDrawdown([
        start('closed', 1, '-12.50'),
        start('open', null, '-80.10'),
        start('refused', null, '-999'),
      ]),
    ).toBe('-80.10');
    expect(worstDrawdown([start('refused', null)])).toBeNull();
  });
});
