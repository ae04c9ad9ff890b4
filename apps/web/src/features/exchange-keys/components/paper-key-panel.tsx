import type { TMintedPaperKey, TMintPaperKeyBody } from '@cdca/contracts';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { errorMessage } from '@/lib/http/api-error.ts';
import { useMintPaperKey } from '../api/mint-paper-key.ts';
import styles from './exchange-keys.module.css';

export type PaperKeyPanelProps = { onMinted: (key: TMintedPaperKey) => void };

const PERMISSIONS = [
  { key: 'canView', label: 'View' },
  { key: 'canTrade', label: 'Trade' },
  { key: 'canTransfer', label: 'Transfer' },
] as const;

/**
 * Paper mode: mint a simulated key with chosen permissions and drop it into the form, so the person walks the
 * very flow they would with Coinbase — including the refusal of a key that can transfer.
 */
export const PaperKeyPanel = ({ onMinted }: PaperKeyPanelProps) => {
  const [permissions, setPermissions] = useState<TMintPaperKeyBody>({
    canView: true,
    canTrade: true,
    canTransfer: false,
  });
  const [mintedWith, setMintedWith] = useState<TMintPaperKeyBody | null>(null);
  const mint = useMintPaperKey();

  return (
    <Card as="section" aria-labelledby="paper-title" className={styles.paper}>
      <div className={styles.cardHead}>
        <h2 id="paper-title" className={styles.cardTitle}>
          <FlaskConical size={18} aria-hidden="true" style={{ display: 'inline', marginRight: 8 }} />
          Paper trading
        </h2>
        <Tag tone="blue">Simulated exchange</Tag>
      </div>
      <p className={styles.muted}>
        This server runs a paper exchange with simulated balances. Mint a paper key with the permissions you
        pick — it fills the form below exactly as a Coinbase key would.
      </p>
      <fieldset className={styles.checks}>
        <legend>Permissions of the paper key</legend>
        {PERMISSIONS.map((permission) => (
          <label key={permission.key} className={styles.check}>
            <input
              type="checkbox"
              checked={permissions[permission.key]}
              onChange={(event) =>
                setPermissions((current) => ({ ...current, [permission.key]: event.target.checked }))
              }
            />
            {permission.label}
          </label>
        ))}
      </fieldset>
      <Button
        variant="secondary"
        loading={mint.isPending}
        onClick={() =>
          mint.mutate(permissions, {
            onSuccess: (key) => {
              setMintedWith(permissions);
              onMinted(key);
            },
          })
        }
      >
        Mint paper key
      </Button>
      {mint.isError ? (
        <p role="alert" className={styles.minted} style={{ color: 'var(--red)' }}>
          {errorMessage(mint.error, 'Could not mint a paper key.')}
        </p>
      ) : mintedWith ? (
        <p className={styles.minted} aria-live="polite">
          Minted a key that can {describe(mintedWith)}. It is in the form below — submit it to have it
          checked.
        </p>
      ) : null}
    </Card>
  );
};

const describe = (permissions: TMintPaperKeyBody): string => {
  const granted = PERMISSIONS.filter((permission) => permissions[permission.key]).map((p) =>
    p.label.toLowerCase(),
  );
  if (granted.length === 0) return 'do nothing';
  if (granted.length === 1) return granted.join('');
  return `${granted.slice(0, -1).join(', ')} and ${granted.at(-1)}`;
};
