import { describe, expect, it } from 'vitest';
import { describeScript, readScript, splitPrices, stepMsOf } from './lab-inputs.ts';

describe('splitPrices', () => {
  it('reads commas, semicolons, spaces and line breaks alike, ignoring empty gaps', () => {
    expect(splitPrices(' 150,160 ;\n170\t\t180 , ')).toEqual(['150', '160', '170', '180']);
    expect(splitPrices('  \n ')).toEqual([]);
  });
});

describe('stepMsOf', () => {
  it('turns seconds into whole milliseconds within the API limits', () => {
    expect(stepMsOf('2')).toBe(2000);
    expect(stepMsOf(' 0.25 ')).toBe(250);
    expect(stepMsOf('0.001')).toBe(1);
    expect(stepMsOf('3600')).toBe(3_600_000);
  });

  it.each(['0', '0.0001', '3600.5', '.5', '05', '1e3', '-1', '2s', ''])('refuses %j', (typed) => {
    expect(stepMsOf(typed)).toBeUndefined();
  });
});

describe('readScript', () => {
  it('names both problems at once', () => {
    expect(readScript('150, abc', '0')).toEqual({
      ok: false,
      errors: {
        prices: 'Price 2 (“abc”): A price is a positive decimal string like 142.35.',
        step: 'A step is between 0.001 and 3600 seconds, such as 2 or 0.5.',
      },
    });
  });

  it('refuses a path longer than the API takes, saying its limit', () => {
    const prices = Array.from({ length: 10_001 }, () => '150').join(',');
    expect(readScript(prices, '1')).toEqual({
      ok: false,
      errors: { prices: 'A path has at most 10,000 prices.' },
    });
  });
});

describe('describeScript', () => {
  it('says when the last price is reached, in seconds or minutes', () => {
    expect(describeScript({ prices: ['1', '2', '3'], stepMs: 45_000 })).toBe(
      '3 prices, one every 45 s: reaches 3 after 1 min 30 s, then the random walk goes on from it.',
    );
    expect(describeScript({ prices: ['1', '2'], stepMs: 120_000 })).toBe(
      '2 prices, one every 2 min: reaches 2 after 2 min, then the random walk goes on from it.',
    );
  });

  it('treats one price as a jump', () => {
    expect(describeScript({ prices: ['99.5'], stepMs: 1000 })).toBe(
      'Jumps to 99.5 at once, then the random walk goes on from it.',
    );
  });
});
