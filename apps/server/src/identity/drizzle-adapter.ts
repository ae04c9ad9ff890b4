import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema.ts';

type Row = typeof oidcPayloads.$inferSelect;

const isPayload = (value: unknown): value is AdapterPayload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rows past their expiry may linger until the sweep; to oidc-provider they must already be gone. */
const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));

const toPayload = (row: Row | undefined): AdapterPayload | undefined => {
  if (!row || !isPayload(row.payload)) return undefined;
  // oidc-provider reads `consumed` as "already used" (e.g. refresh token reuse detection); epoch seconds like its memory adapter.
  return row.consumedAt
    ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
    : row.payload;
};

/**
 * Models whose id is itself a bearer secret (the refresh token or code a client holds). Their rows are keyed by a
 * SHA-256 of the id and store no `jti`, so a copy of the database cannot be replayed against the live server
 * (docs/decisions/identity-secrets-at-rest.md). Sessions keep clear ids: the provider finds them by uid and must
 * read their id back.
 */
const BEARER_MODELS = new Set(['RefreshToken', 'AuthorizationCode', 'AccessToken', 'ClientCredentials']);
const HASH_PREFIX = 'sha256:';
const hashedId = (id: string) => `${HASH_PREFIX}${createHash('sha256').update(id).digest('base64url')}`;

/** oidc-provider's storage (sessions, grants, codes, refresh tokens, interactions) in one table, keyed by model and id. */
export class DrizzleAdapter implements Adapter {
  readonly #db: Db;
  readonly #model: string;

  constructor(db: Db, model: string) {
    this.#db = db;
    this.#model = model;
    this.#bearer = BEARER_MODELS.has(model);
  }

  readonly #bearer: boolean;

  /**
   * Row ids to look for: the hash, and for rows written before hashing, the clear id — never a stored hash
   * presented as a token, or the hash in a stolen copy would work as the token itself.
   */
  #keys(id: string): string[] {
    if (!this.#bearer) return [id];
    return id.startsWith(HASH_PREFIX) ? [hashedId(id)] : [hashedId(id), id];
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const { jti: _jti, ...withoutId } = payload;
    const values = {
      payload: this.#bearer ? withoutId : payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.#db
      .insert(oidcPayloads)
      .values({ model: this.#model, id: this.#bearer ? hashedId(id) : id, ...values })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const payload = await this.#findWhere(inArray(oidcPayloads.id, this.#keys(id)));
    return payload && this.#bearer ? { ...payload, jti: id } : payload;
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.#db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcPayloads.model, this.#model), inArray(oidcPayloads.id, this.#keys(id))));
  }

  async destroy(id: string): Promise<void> {
    await this.#db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.#model), inArray(oidcPayloads.id, this.#keys(id))));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.#model), eq(oidcPayloads.grantId, grantId)));
  }

  async #findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.#db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.#model), condition, notExpired()))
      .limit(1);
    return toPayload(row);
  }
}

/** oidc-provider builds one adapter per model name; a factory lets each one share our database handle. */
export const drizzleAdapterFactory =
  (db: Db): AdapterFactory =>
  (model) =>
    new DrizzleAdapter(db, model);

/** Deletes rows that expired; returns how many went. Run periodically so the table does not grow forever. */
export const purgeExpiredOidcPayloads = async (db: Db): Promise<number> => {
  const removed = await db
    .delete(oidcPayloads)
    .where(lte(oidcPayloads.expiresAt, new Date()))
    .returning({ id: oidcPayloads.id });
  return removed.length;
};

/**
 * Signs an account out everywhere: deletes its sessions, grants, codes and refresh tokens (every stored payload
 * that names it), so no browser can refresh or resume a session. Access tokens are JWTs that live 15 minutes;
 * the API refuses them itself (account-access.ts). Returns how many rows went.
 */
export const revokeEverythingOf = async (db: Db, accountId: string): Promise<number> => {
  const removed = await db
    .delete(oidcPayloads)
    .where(sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`)
    .returning({ id: oidcPayloads.id });
  return removed.length;
};
