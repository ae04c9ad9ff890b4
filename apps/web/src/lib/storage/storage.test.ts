import { beforeEach, describe, expect, it } from 'vitest';
import {
  readJson,
  readSessionString,
  readString,
  removeValue,
  SESSION_KEYS,
  STORAGE_KEYS,
  writeJson,
  writeSessionString,
  writeString,
} from './storage.ts';

describe('browser storage', () => {
  beforeEach(() => localStorage.clear());

  it('prefixes every key with the product name', () => {
    for (const key of Object.values(STORAGE_KEYS)) expect(key).toMatch(/^cdca\./);
    expect(Object.keys(STORAGE_KEYS).sort()).toEqual(
      [
        'academyChecklistDismissed',
        'epicInputs',
        'focusedCoin',
        'lastPage',
        'paymentId',
        'referralCode',
      ].sort(),
    );
  });

  it('writes under the prefixed key and reads it back', () => {
    writeString('referralCode', 'FRIEND');
    expect(localStorage.getItem('cdca.referralCode')).toBe('FRIEND');
    expect(readString('referralCode')).toBe('FRIEND');
    removeValue('referralCode');
    expect(readString('referralCode')).toBeNull();
  });

  it('round-trips JSON and ignores a corrupt value', () => {
    writeJson('focusedCoin', { id: 'btc', symbol: 'BTC-USD' });
    expect(readJson('focusedCoin')).toEqual({ id: 'btc', symbol: 'BTC-USD' });
    localStorage.setItem('cdca.focusedCoin', '{oops');
    expect(readJson('focusedCoin')).toBeNull();
  });

  it('keeps per-tab memory in sessionStorage under a prefixed key, apart from localStorage', () => {
    for (const key of Object.values(SESSION_KEYS)) expect(key).toMatch(/^cdca\./);
    writeSessionString('pastDueShown', '["a"]');
    expect(sessionStorage.getItem('cdca.pastDueShown')).toBe('["a"]');
    expect(localStorage.getItem('cdca.pastDueShown')).toBeNull();
    expect(readSessionString('pastDueShown')).toBe('["a"]');
  });
});
