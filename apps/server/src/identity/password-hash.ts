import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const DEFAULT_PARAMS = { N: 16384, r: 8, p: 1 } as const;

const deriveKey = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

/**
 * Format: `scrypt$N$r$p$salt$hash` (base64url). The parameters travel with the hash so they can be raised later
 * without invalidating existing passwords.
 */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const { N, r, p } = DEFAULT_PARAMS;
  const key = await deriveKey(password, salt, KEY_LENGTH, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length < 16) return false;
  const N = Number(n);
  // 128·N·r bytes of memory: allow for stronger parameters than today's without hitting Node's 32 MiB default.
  const options = { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) };
  try {
    const actual = await deriveKey(password, Buffer.from(salt, 'base64url'), expected.length, options);
    return timingSafeEqual(actual, expected);
  } catch {
    // A corrupt stored hash (parameters scrypt refuses) is a failed sign-in, not a 500.
    return false;
  }
};

/** A real hash of nothing, checked when the e-mail is unknown so that a miss takes as long as a wrong password. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
};
