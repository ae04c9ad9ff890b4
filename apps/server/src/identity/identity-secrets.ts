import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { identitySecrets } from '../db/schema.ts';

export type IdentitySecrets = {
  /** Private signing keys, newest first; the provider signs with the first. */
  signingKeys: JWK[];
  cookieKeys: string[];
};

type StoredKeys = { keys: JWK[] };

const ZSigningKeys: z.ZodType<StoredKeys> = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string(), d: z.string() })).min(1),
});
const ZCookieKeys = z.object({ keys: z.array(z.string().min(32)).min(1) });

const newSigningKeys = async (): Promise<StoredKeys> => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }] };
};

const newCookieKeys = async () => ({ keys: [randomBytes(32).toString('base64url')] });

/**
 * Reads a secret, creating it on first start. Two processes starting together on one PostgreSQL both try the insert;
 * `on conflict do nothing` lets exactly one win and both then read the winner's value back.
 */
const loadOrCreate = async <T>(
  db: Db,
  name: string,
  schema: z.ZodType<T>,
  create: () => Promise<T>,
): Promise<T> => {
  const read = async () => {
    const [row] = await db.select().from(identitySecrets).where(eq(identitySecrets.name, name)).limit(1);
    return row ? schema.parse(row.value) : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(identitySecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`identity secret ${name} could not be stored`);
  return stored;
};

/** The embedded provider's keys live in the database so a restart signs nobody out and invalidates no token. */
export const loadIdentitySecrets = async (db: Db): Promise<IdentitySecrets> => {
  const signing = await loadOrCreate(db, 'signing-keys', ZSigningKeys, newSigningKeys);
  const cookies = await loadOrCreate(db, 'cookie-keys', ZCookieKeys, newCookieKeys);
  return { signingKeys: signing.keys, cookieKeys: cookies.keys };
};

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']);

/** What the API verifies with: the same keys without their private members. */
export const publicJwks = (keys: JWK[]): { keys: JWK[] } => ({
  keys: keys.map((key) =>
    Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name))),
  ),
});
