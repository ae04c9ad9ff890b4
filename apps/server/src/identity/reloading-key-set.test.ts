import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { expect, test } from 'vitest';
import { reloadingKeySet } from './reloading-key-set.ts';

const keyWithId = async (kid: string): Promise<JWK> => {
  const { publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(publicKey)), kid, alg: 'RS256' };
};
const token = { payload: '', signature: '' };

test('an unknown key id reads the keys again, at most once per interval', async () => {
  const known = await keyWithId('known');
  const rotated = await keyWithId('rotated');
  let reloads = 0;
  let clock = 0;
  const getKey = reloadingKeySet(
    [known],
    async () => {
      reloads += 1;
      return [rotated, known];
    },
    () => clock,
  );

  await expect(getKey({ alg: 'RS256', kid: 'known' }, token)).resolves.toBeDefined();
  expect(reloads).toBe(0);
  await expect(getKey({ alg: 'RS256', kid: 'rotated' }, token)).resolves.toBeDefined();
  expect(reloads).toBe(1);

  // Made-up key ids do not turn into a database read each.
  await expect(getKey({ alg: 'RS256', kid: 'made-up' }, token)).rejects.toThrow();
  await expect(getKey({ alg: 'RS256', kid: 'made-up' }, token)).rejects.toThrow();
  expect(reloads).toBe(1);
  clock = 30_000;
  await expect(getKey({ alg: 'RS256', kid: 'made-up' }, token)).rejects.toThrow();
  expect(reloads).toBe(2);
});
