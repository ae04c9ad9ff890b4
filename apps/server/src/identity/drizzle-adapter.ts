import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
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

/** oidc-provider's storage (sessions, grants, codes, refresh tokens, interactions) in one table, keyed by model and id. */
export class DrizzleAdapter implements Adapter {
  readonly #db: Db;
  readonly #model: string;

  constructor(db: Db, model: string) {
    this.#db = db;
    this.#model = model;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const values = {
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.#db
      .insert(oidcPayloads)
      .values({ model: this.#model, id, ...values })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.id, id));
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
      .where(and(eq(oidcPayloads.model, this.#model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.#db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.#model), eq(oidcPayloads.id, id)));
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
