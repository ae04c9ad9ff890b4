import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';

/** A fresh P-256 key as the Coinbase CDP portal hands one out: key name plus SEC1 "EC PRIVATE KEY" PEM. */
export const generateCdpKey = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    keyName: `organizations/${randomUUID()}/apiKeys/${randomUUID()}`,
    privateKey: privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const derived = new Map<string, string | null>();

/**
 * The SPKI PEM of the public half of a private key (SEC1 or PKCS#8 PEM), or null when it is not a key.
 * Keys pasted from environment files often carry literal "\n", so those are normalised first.
 */
export const publicKeyOf = (privateKeyPem: string): string | null => {
  const cached = derived.get(privateKeyPem);
  if (cached !== undefined) return cached;
  let result: string | null = null;
  try {
    const key = createPrivateKey(privateKeyPem.trim().replace(/\\n/g, '\n'));
    result = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    result = null;
  }
  // Bounded: a stream of garbage keys must not grow memory without limit.
  if (derived.size > 1_000) derived.clear();
  derived.set(privateKeyPem, result);
  return result;
};
