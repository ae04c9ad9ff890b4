import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Decryption failed: wrong key, tampered or truncated text. Carries nothing of the secret. */
export class SecretBoxError extends Error {
  constructor(message = 'The secret could not be decrypted.') {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export type SecretBox = {
  /** `context` names what the secret belongs to (e.g. an account); opening needs the same context. */
  seal: (plaintext: string, context: string) => string;
  open: (sealed: string, context: string) => string;
};

/**
 * AES-256-GCM with a fresh random 96-bit IV per secret, so one key can seal many secrets safely.
 * Format `v1:<iv>:<tag>:<ciphertext>` (base64url): the version lets us rotate the scheme later.
 * `context` is bound as additional data, so a ciphertext copied to another row (another account) fails to open.
 */
export const createSecretBox = (key: Buffer): SecretBox => {
  if (key.length !== 32) throw new Error('The master key must be 32 bytes.');
  const masterKey = Buffer.from(key);
  return {
    seal: (plaintext, context) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, masterKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    open: (sealed, context) => {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split(':');
      if (
        version !== VERSION ||
        iv === undefined ||
        tag === undefined ||
        ciphertext === undefined ||
        rest.length > 0
      ) {
        throw new SecretBoxError('The sealed secret has an unknown format.');
      }
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
        throw new SecretBoxError('The sealed secret has an unknown format.');
      }
      try {
        const decipher = createDecipheriv(ALGORITHM, masterKey, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // GCM refuses a wrong key and any flipped bit alike; say neither which nor why.
        throw new SecretBoxError();
      }
    },
  };
};
