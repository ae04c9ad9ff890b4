import { describe, expect, test } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.ts';

describe('password hashing', () => {
  test('stores scrypt parameters and a random salt with the hash', async () => {
    const first = await hashPassword('orange7tractor4');
    const second = await hashPassword('orange7tractor4');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
  });

  test('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('orange7tractor4');
    expect(await verifyPassword('orange7tractor4', stored)).toBe(true);
    expect(await verifyPassword('orange7tractor5', stored)).toBe(false);
  });

  test('treats a corrupt stored hash as a mismatch, not a crash', async () => {
    expect(await verifyPassword('x', 'scrypt$3$8$1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});
