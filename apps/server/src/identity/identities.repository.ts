import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identities } from '../db/schema.ts';

export type Identity = typeof identities.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const findIdentityByEmail = async (db: Db, email: string): Promise<Identity | undefined> => {
  const [row] = await db.select().from(identities).where(eq(identities.email, email)).limit(1);
  return row;
};

/** Subjects arrive from tokens and cookies; a non-UUID would make PostgreSQL throw instead of simply not matching. */
export const findIdentityById = async (db: Db, id: string): Promise<Identity | undefined> => {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(identities).where(eq(identities.id, id)).limit(1);
  return row;
};

/** Undefined when the e-mail is taken, including by a concurrent sign-up that won the race. */
export const insertIdentity = async (
  db: Db,
  values: { email: string; passwordHash: string },
): Promise<Identity | undefined> => {
  const [row] = await db
    .insert(identities)
    .values(values)
    .onConflictDoNothing({ target: identities.email })
    .returning();
  return row;
};
