import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { resealIdentitySecrets } from '../identity/identity-secrets.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { exchangeKeys } from '../modules/exchange-keys/exchange-keys.schema.ts';
import { sealContext } from '../modules/exchange-keys/exchange-keys.service.ts';

export type MasterKeyRotation = { exchangeKeys: number; identitySecrets: number };

/**
 * Re-seals every secret the database keeps (exchange keys, the identity provider's keys) from one master key to
 * another in one transaction: either all of them open with the new key, or nothing changed. A row that does not
 * open with the old key aborts the whole rotation rather than being left behind unreadable.
 */
export const rotateMasterKey = (db: Db, from: SecretBox, to: SecretBox): Promise<MasterKeyRotation> =>
  db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: exchangeKeys.id,
        accountId: exchangeKeys.accountId,
        sealed: exchangeKeys.sealedCredentials,
      })
      .from(exchangeKeys)
      .for('update');
    for (const row of rows) {
      const context = sealContext(row.accountId);
      await tx
        .update(exchangeKeys)
        .set({ sealedCredentials: to.seal(from.open(row.sealed, context), context) })
        .where(eq(exchangeKeys.id, row.id));
    }
    const identitySecrets = await resealIdentitySecrets(tx, from, to);
    return { exchangeKeys: rows.length, identitySecrets };
  });
