import { describe, expect, it } from 'vitest';
import { clientOrderId, parseClientOrderId } from './client-order-id.ts';

const EPIC = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';

describe('clientOrderId', () => {
  it('is stable, short and made of safe characters', () => {
    const id = clientOrderId(EPIC, 'buy', 3, 0);
    expect(id).toBe('cdca-3f2504e04f8911d39a0c0305e82c3301-b3-0');
    expect(clientOrderId(EPIC, 'buy', 3, 0)).toBe(id);
    expect(clientOrderId(EPIC, 'take-profit', 0, 999_999).length).toBeLessThanOrEqual(64);
    expect(id).toMatch(/^[a-z0-9-]+$/);
  });

  it('differs for every purpose, level and attempt', () => {
    const ids = new Set<string>();
    for (const purpose of ['buy', 'take-profit', 'liquidation'] as const) {
      for (let level = 0; level <= 25; level++) {
        for (let attempt = 0; attempt < 12; attempt++) ids.add(clientOrderId(EPIC, purpose, level, attempt));
      }
    }
    expect(ids.size).toBe(3 * 26 * 12);
  });

  it('reads back what it wrote and nothing else', () => {
    expect(parseClientOrderId(clientOrderId(EPIC, 'take-profit', 0, 12))).toEqual({
      epic: '3f2504e04f8911d39a0c0305e82c3301',
      purpose: 'take-profit',
      level: 0,
      attempt: 12,
    });
    expect(parseClientOrderId('some-other-bot-order')).toBeUndefined();
  });

  it.each([
    ['not an id!', 1, 0],
    [EPIC, -1, 0],
    [EPIC, 1.5, 0],
    [EPIC, 1, -1],
    [EPIC, 1, 1_000_000],
    [`${EPIC}${EPIC}`, 1, 0],
  ])('refuses %s level %s attempt %s', (epic, level, attempt) => {
    expect(() => clientOrderId(epic, 'buy', level, attempt)).toThrow(RangeError);
  });
});
