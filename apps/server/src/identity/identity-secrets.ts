import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { identitySecrets } from '../db/schema.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { TOKEN_TTL } from './provider-settings.ts';

export type IdentitySecrets = {
  /** Private signing keys, newest first; the provider signs with the first and verifies with all. */
  signingKeys: JWK[];
  cookieKeys: string[];
};

/**
 * A key that stopped signing stays published until every token it signed has expired: access and ID tokens are the
 * only things it signs (refresh tokens, sessions and grants are database records; cookies use the cookie keys).
 */
export const SIGNING_KEY_GRACE_MS = Math.max(TOKEN_TTL.AccessToken, TOKEN_TTL.IdToken) * 1000;

const SIGNING_KEYS = 'signing-keys';
const COOKIE_KEYS = 'cookie-keys';

type StoredSigningKeys = {
  keys: JWK[];
  /** kid → when that key stopped signing (ISO); absent for the key that signs. */
  retiring?: Record<string, string>;
};

const ZSigningKeys: z.ZodType<StoredSigningKeys> = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string(), d: z.string() })).min(1),
  retiring: z.record(z.string(), z.string()).optional(),
});
const ZCookieKeys = z.object({ keys: z.array(z.string().min(32)).min(1) });

/** The stored form: the secret's JSON sealed under the master key. Earlier versions stored the JSON itself. */
const ZSealed = z.object({ sealed: z.string() });

const newSigningKey = async (): Promise<JWK> => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
};

const newSigningKeys = async (): Promise<StoredSigningKeys> => ({ keys: [await newSigningKey()] });
const newCookieKeys = async () => ({ keys: [randomBytes(32).toString('base64url')] });

/** Bound to the row's name: a sealed cookie key copied over the signing keys fails to open. */
const sealContext = (name: string) => `identity-secret:${name}`;

const seal = (box: SecretBox, name: string, secret: unknown) => ({
  sealed: box.seal(JSON.stringify(secret), sealContext(name)),
});

/** Opens a stored value; `clear` says it still is in an earlier version's unencrypted form. */
const unseal = <T>(box: SecretBox, name: string, value: unknown, schema: z.ZodType<T>) => {
  const stored = ZSealed.safeParse(value);
  if (!stored.success) return { secret: schema.parse(value), clear: true };
  const json: unknown = JSON.parse(box.open(stored.data.sealed, sealContext(name)));
  return { secret: schema.parse(json), clear: false };
};

const readValue = async (db: Db, name: string, lock = false) => {
  const query = db.select().from(identitySecrets).where(eq(identitySecrets.name, name)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row?.value;
};

/**
 * Reads a secret, creating it on first start and encrypting an earlier version's clear row in place (the same keys,
 * so nobody is signed out). Two processes starting together on one PostgreSQL both try the insert; `on conflict do
 * nothing` lets exactly one win and both read the winner's value back. Both may seal a clear row: the second
 * update finds it sealed and changes nothing.
 */
const loadOrCreate = async <T>(
  db: Db,
  box: SecretBox,
  name: string,
  schema: z.ZodType<T>,
  create: () => Promise<T>,
): Promise<T> => {
  const existing = await readValue(db, name);
  if (existing !== undefined) {
    const { secret, clear } = unseal(box, name, existing, schema);
    if (clear) {
      await db
        .update(identitySecrets)
        .set({ value: seal(box, name, secret) })
        .where(and(eq(identitySecrets.name, name), isNull(sql`${identitySecrets.value}->>'sealed'`)));
    }
    return secret;
  }
  await db
    .insert(identitySecrets)
    .values({ name, value: seal(box, name, await create()) })
    .onConflictDoNothing();
  const stored = await readValue(db, name);
  if (stored === undefined) throw new Error(`identity secret ${name} could not be stored`);
  return unseal(box, name, stored, schema).secret;
};

/** Drops keys that stopped signing longer ago than the grace: every token they signed has expired. */
const withoutExpired = (stored: StoredSigningKeys, now: Date): StoredSigningKeys => {
  const retiring = stored.retiring ?? {};
  const expired = (kid: string | undefined) => {
    const since = kid ? retiring[kid] : undefined;
    return since !== undefined && now.getTime() - Date.parse(since) >= SIGNING_KEY_GRACE_MS;
  };
  const keys = stored.keys.filter((key, index) => index === 0 || !expired(key.kid));
  const kept = new Set(keys.map((key) => key.kid));
  return {
    keys,
    retiring: Object.fromEntries(Object.entries(retiring).filter(([kid]) => kept.has(kid))),
  };
};

/** Changes the signing keys under a row lock, so a rotation and a start-up retiring keys cannot interleave. */
const updateSigningKeys = (
  db: Db,
  box: SecretBox,
  change: (stored: StoredSigningKeys) => Promise<StoredSigningKeys>,
) =>
  db.transaction(async (tx) => {
    const value = await readValue(tx, SIGNING_KEYS, true);
    const current =
      value === undefined ? await newSigningKeys() : unseal(box, SIGNING_KEYS, value, ZSigningKeys).secret;
    const next = await change(current);
    await tx
      .insert(identitySecrets)
      .values({ name: SIGNING_KEYS, value: seal(box, SIGNING_KEYS, next) })
      .onConflictDoUpdate({ target: identitySecrets.name, set: { value: seal(box, SIGNING_KEYS, next) } });
    return { before: current, after: next };
  });

const kidsOf = (keys: JWK[]) => keys.map((key) => key.kid ?? '');

/**
 * The embedded provider's keys live in the database, sealed with the master key, so a restart signs nobody out and
 * a copy of the database alone cannot sign a token (docs/decisions/identity-secrets-at-rest.md). Keys retired longer ago than the grace are dropped here.
 */
export const loadIdentitySecrets = async (
  db: Db,
  box: SecretBox,
  now: Date = new Date(),
): Promise<IdentitySecrets> => {
  let signing = await loadOrCreate(db, box, SIGNING_KEYS, ZSigningKeys, newSigningKeys);
  if (withoutExpired(signing, now).keys.length < signing.keys.length) {
    ({ after: signing } = await updateSigningKeys(db, box, async (stored) => withoutExpired(stored, now)));
  }
  const cookies = await loadOrCreate(db, box, COOKIE_KEYS, ZCookieKeys, newCookieKeys);
  return { signingKeys: signing.keys, cookieKeys: cookies.keys };
};

/** Drops the signing keys whose grace has passed (start-up does the same); answers what is left retiring. */
export const retireExpiredSigningKeys = async (
  db: Db,
  box: SecretBox,
  now: Date = new Date(),
): Promise<Omit<SigningKeyRotation, 'signingKid'>> => {
  const { before, after } = await updateSigningKeys(db, box, async (stored) => withoutExpired(stored, now));
  const kept = new Set(kidsOf(after.keys));
  return {
    retiringKids: kidsOf(after.keys.slice(1)),
    retiredKids: kidsOf(before.keys).filter((kid) => !kept.has(kid)),
  };
};

/** The signing keys as stored now, without writing anything: what another process may have rotated to. */
export const readSigningKeys = async (db: Db, box: SecretBox): Promise<JWK[]> => {
  const value = await readValue(db, SIGNING_KEYS);
  return value === undefined ? [] : unseal(box, SIGNING_KEYS, value, ZSigningKeys).secret.keys;
};

export type SigningKeyRotation = {
  /** The key that signs from the next start on. */
  signingKid: string;
  /** Still published and accepted until their tokens expire; a later run or start drops them. */
  retiringKids: string[];
  /** Dropped by this run: their grace had passed. */
  retiredKids: string[];
};

/**
 * Adds a new signing key in front (it signs from the next start on) and moves the previous one to retiring, where
 * it stays published for SIGNING_KEY_GRACE_MS so every token already issued keeps verifying.
 */
export const rotateSigningKey = async (
  db: Db,
  box: SecretBox,
  now: Date = new Date(),
): Promise<SigningKeyRotation> => {
  const fresh = await newSigningKey();
  const { before, after } = await updateSigningKeys(db, box, async (stored) => {
    const [signing] = stored.keys;
    const retiring = { ...stored.retiring, ...(signing?.kid ? { [signing.kid]: now.toISOString() } : {}) };
    return withoutExpired({ keys: [fresh, ...stored.keys], retiring }, now);
  });
  const kept = new Set(kidsOf(after.keys));
  return {
    signingKid: fresh.kid ?? '',
    retiringKids: kidsOf(after.keys.slice(1)),
    retiredKids: kidsOf(before.keys).filter((kid) => !kept.has(kid)),
  };
};

/**
 * Re-seals every identity secret from one master key to another (inside the caller's transaction). Clear rows of
 * earlier versions are sealed on the way. Answers how many rows it re-sealed.
 */
export const resealIdentitySecrets = async (db: Db, from: SecretBox, to: SecretBox): Promise<number> => {
  const rows = await db.select().from(identitySecrets).for('update');
  for (const row of rows) {
    const { secret } = unseal(from, row.name, row.value, z.unknown());
    await db
      .update(identitySecrets)
      .set({ value: seal(to, row.name, secret) })
      .where(eq(identitySecrets.name, row.name));
  }
  return rows.length;
};

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']);

/** What the API verifies with: the same keys without their private members. */
export const publicJwks = (keys: JWK[]): { keys: JWK[] } => ({
  keys: keys.map((key) =>
    Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name))),
  ),
});
