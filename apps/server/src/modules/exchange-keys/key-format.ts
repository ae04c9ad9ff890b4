import type { TSubmitExchangeKeyBody } from '@cdca/contracts';
import { isExchangeError } from '@cdca/engine';
import { loadCdpKey } from '@cdca/exchange/coinbase';
import { AppError } from '../../lib/app-error.ts';

// CDP ECDSA keys are named organizations/{org}/apiKeys/{id}; Ed25519 keys are a bare UUID.
const KEY_NAME = /^organizations\/[A-Za-z0-9-]{1,100}\/apiKeys\/[A-Za-z0-9-]{1,100}$/;
const KEY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (message: string) => new AppError(400, 'api-key-invalid', message);

/**
 * Refuses a malformed key before anything is sent to the exchange, with a message a person can act on.
 * Messages never quote the key: they end up in logs and toasts.
 */
export const checkKeyFormat = (body: TSubmitExchangeKeyBody): TSubmitExchangeKeyBody => {
  const keyName = body.keyName.trim();
  if (!KEY_NAME.test(keyName) && !KEY_ID.test(keyName)) {
    throw invalid(
      'The key name should look like organizations/{org_id}/apiKeys/{key_id}, as the Coinbase Developer Platform shows it.',
    );
  }
  try {
    loadCdpKey(body.privateKey);
  } catch (error) {
    if (!isExchangeError(error)) throw error;
    throw invalid(
      'The private key is not readable: paste the whole key, from -----BEGIN to -----END, as Coinbase gave it.',
    );
  }
  // Keys pasted from env files often carry literal "\n"; store them the way the exchange will read them.
  return { keyName, privateKey: body.privateKey.trim().replace(/\\n/g, '\n') };
};

/** The last 4 characters, so a person can tell keys apart without the name leaking. */
export const keyNameHint = (keyName: string) => `…${keyName.slice(-4)}`;
