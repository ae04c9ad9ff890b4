import { createPrivateKey, type KeyObject } from 'node:crypto';
import { ExchangeError } from '@cdca/engine';

export type CdpAlgorithm = 'ES256' | 'EdDSA';

export type CdpSigningKey = { key: KeyObject; alg: CdpAlgorithm };

// PKCS#8 prefix for a bare 32-byte Ed25519 seed (RFC 8410): lets node:crypto load the secret Coinbase hands out
// for Ed25519 keys, which is base64 of seed ‖ public key (64 bytes) rather than a PEM.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

const refuse = (message: string, cause?: unknown): ExchangeError =>
  // The message never quotes the key: it would end up in logs.
  new ExchangeError('unauthorized', message, { venueCode: 'INVALID_PRIVATE_KEY', cause });

const fromPem = (pem: string): CdpSigningKey => {
  let key: KeyObject;
  try {
    // node:crypto reads SEC1 "EC PRIVATE KEY" as Coinbase issues it, which jose's importPKCS8 cannot.
    key = createPrivateKey(pem);
  } catch {
    throw refuse('The private key is not a readable PEM key.');
  }
  if (key.asymmetricKeyType === 'ed25519') return { key, alg: 'EdDSA' };
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return { key, alg: 'ES256' };
  }
  throw refuse('Unsupported key type: Coinbase keys are ECDSA P-256 (ES256) or Ed25519.');
};

const fromEd25519Secret = (pasted: string): CdpSigningKey => {
  // A secret copied from a wrapped download or a terminal keeps its line breaks; the SDK reads it anyway.
  const secret = pasted.replace(/\s+/g, '');
  const bytes = Buffer.from(secret, 'base64');
  // 64 bytes = seed ‖ public key (the CDP portal format); 32 bytes = bare seed (accepted by the official SDK).
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secret) || (bytes.length !== 64 && bytes.length !== 32)) {
    throw refuse('The private key is neither a PEM key nor a base64 Ed25519 secret.');
  }
  try {
    const der = Buffer.concat([ED25519_PKCS8_PREFIX, bytes.subarray(0, 32)]);
    return { key: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), alg: 'EdDSA' };
  } catch {
    throw refuse('The Ed25519 secret could not be read.');
  }
};

/** Reads a CDP private key: SEC1 or PKCS#8 PEM (ECDSA P-256 or Ed25519), or a base64 Ed25519 secret. */
export const loadCdpKey = (privateKey: string): CdpSigningKey => {
  // Keys pasted from env files often carry literal "\n" instead of newlines.
  const text = privateKey.trim().replace(/\\n/g, '\n');
  if (text.length === 0) throw refuse('The private key is empty.');
  return text.startsWith('-----BEGIN') ? fromPem(text) : fromEd25519Secret(text);
};
