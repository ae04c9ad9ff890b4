import type { TEpic } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { upsertEndedEpic, upsertLiveEpic } from './epic-list-cache.ts';

const epic = (id: string, overrides: Partial<TEpic> = {}): TEpic =>
  ({
    id,
    status: 'active',
    createdAt: `2025-01-0${id}T00:00:00.000Z`,
    updatedAt: '2025-01-10T00:00:00.000Z',
    ...overrides,
  }) as TEpic;

describe('upsertLiveEpic', () => {
  it('adds a new epic newest first and replaces a known one', () => {
    const list = upsertLiveEpic([epic('1')], epic('2'));
    expect(list.map((item) => item.id)).toEqual(['2', '1']);
    const updated = upsertLiveEpic(
      list,
      epic('1', { activeDcaLevel: 2, updatedAt: '2025-01-11T00:00:00.000Z' }),
    );
    expect(updated.find((item) => item.id === '1')?.activeDcaLevel).toBe(2);
    expect(updated.map((item) => item.id)).toEqual(['2', '1']);
  });

  it('drops an epic that ended', () => {
    const list = upsertLiveEpic([epic('1'), epic('2')], epic('1', { status: 'closed' }));
    expect(list.map((item) => item.id)).toEqual(['2']);
  });

  it('ignores an older copy arriving after a newer one', () => {
    const newer = epic('1', { activeDcaLevel: 3, updatedAt: '2025-01-12T00:00:00.000Z' });
    const list = upsertLiveEpic(
      [newer],
      epic('1', { activeDcaLevel: 2, updatedAt: '2025-01-11T00:00:00.000Z' }),
    );
    expect(list[0]?.activeDcaLevel).toBe(3);
  });
});

describe('upsertEndedEpic', () => {
  it('keeps only epics that ended, latest first', () => {
    expect(upsertEndedEpic([], epic('1'))).toEqual([]);
    const list = upsertEndedEpic([epic('2', { status: 'cancelled' })], epic('1', { status: 'closed' }));
    expect(list.map((item) => item.id)).toEqual(['1', '2']);
  });
});
