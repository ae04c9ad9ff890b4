/** The contracts’ EIP-55 check and code rule, which the browser and the server both apply (packages/contracts/src/partners.ts). */

import { isChecksumAddress, REFERRAL_CODE_PATTERN, toChecksumAddress, ZUsdcAddress } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';

/** The reference vectors of EIP-55 itself. */
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('USDC payout addresses', () => {
  it('checksums as EIP-55 does', () => {
    for (const address of EIP55) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(isChecksumAddress(address)).toBe(true);
    }
  });

  it('refuses a wrong case, an unchecksummed form, or anything that is not 20 bytes of hex', () => {
    const [first = ''] = EIP55;
    expect(isChecksumAddress(first.replace('5aAeb', '5AAeb'))).toBe(false);
    expect(isChecksumAddress(first.toLowerCase())).toBe(false);
    expect(isChecksumAddress(first.slice(0, -1))).toBe(false);
    expect(isChecksumAddress(`${first.slice(0, -1)}g`)).toBe(false);
    expect(ZUsdcAddress.safeParse(` ${first} `).success).toBe(true);
  });
});

describe('referral codes', () => {
  it('take 3–24 letters, digits, "-" or "_", starting with a letter or digit', () => {
    for (const ok of ['ALPHA', 'crypto_joe', 'a-1', 'X'.repeat(24)])
      expect(REFERRAL_CODE_PATTERN.test(ok)).toBe(true);
    for (const bad of ['ab', '-abc', 'no spaces', 'X'.repeat(25), 'émile', 'a/b']) {
      expect(REFERRAL_CODE_PATTERN.test(bad)).toBe(false);
    }
  });
});
