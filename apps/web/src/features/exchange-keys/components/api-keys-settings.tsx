import type { TExchangeKeySummary } from '@cdca/contracts';
import { AlertTriangle, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { errorMessage, isApiError } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';
import { useCurrentKey } from '../api/get-current-key.ts';
import { useRemoveCurrentKey } from '../api/remove-current-key.ts';
import { CoinbaseKeyGuide } from './coinbase-key-guide.tsx';
import { ExchangeKeyForm } from './exchange-key-form.tsx';
import styles from './exchange-keys.module.css';
import { PermissionTags } from './permission-tags.tsx';

export type ApiKeysSettingsProps = {
  paper: boolean;
  /** Epics trading on the key now (undefined while unknown): removing is refused while any run. */
  runningEpics: number | undefined;
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** Settings → API keys: the connected key, replacing it (same form as onboarding) and removing it. */
export const ApiKeysSettings = ({ paper, runningEpics }: ApiKeysSettingsProps) => {
  const current = useCurrentKey();
  const [replacing, setReplacing] = useState(false);

  if (current.isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading your API key">
        <div style={{ display: 'grid', gap: 14 }}>
          <Skeleton width="35%" height={20} />
          <Skeleton height={18} />
          <Skeleton height={18} />
          <Skeleton height={18} />
        </div>
      </Card>
    );
  }
  if (current.isError) {
    return (
      <Card>
        <p role="alert" style={{ color: 'var(--red)' }}>
          {errorMessage(current.error, 'Could not load your API key.')}
        </p>
        <Button variant="secondary" onClick={() => void current.refetch()} style={{ marginTop: 12 }}>
          Try again
        </Button>
      </Card>
    );
  }

  const done = () => {
    setReplacing(false);
    toast.success('API key verified and connected');
  };

  if (replacing || current.data === null) {
    return (
      <div className={styles.stack}>
        {current.data === null && !replacing ? (
          <EmptyState icon={<KeyRound size={26} />} title="No API key connected">
            Epics cannot trade until you connect a View + Trade key. Keys that can transfer funds are refused.
          </EmptyState>
        ) : null}
        <CoinbaseKeyGuide />
        <ExchangeKeyForm
          paper={paper}
          submitLabel={current.data ? 'Verify and replace' : 'Verify and connect'}
          onConnected={done}
          onCancel={current.data ? () => setReplacing(false) : undefined}
        />
      </div>
    );
  }

  return (
    <CurrentKeyCard summary={current.data} runningEpics={runningEpics} onReplace={() => setReplacing(true)} />
  );
};

type CurrentKeyCardProps = {
  summary: TExchangeKeySummary;
  runningEpics: number | undefined;
  onReplace: () => void;
};

const runningEpicsText = (count: number) =>
  `Epics trade through this key. Close or cancel your ${count === 1 ? 'running epic' : `${count} running epics`} first, then remove the key.`;

const CurrentKeyCard = ({ summary, runningEpics, onReplace }: CurrentKeyCardProps) => {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveCurrentKey();
  // Said before the dialog when we know; the server's refusal still covers an epic started meanwhile.
  const blockedBy = runningEpics !== undefined && runningEpics > 0 ? runningEpics : null;
  const running = isApiError(remove.error, 'epics-running');

  return (
    <Card as="section" aria-labelledby="current-key-title">
      <div className={styles.cardHead}>
        <h2 id="current-key-title" className={styles.cardTitle}>
          Connected key
        </h2>
        <Tag tone="green">Verified</Tag>
      </div>
      <dl className={styles.rows} style={{ margin: 0 }}>
        <div className={styles.row}>
          <dt className={styles.rowLabel}>Key name</dt>
          <dd className={styles.mono} style={{ margin: 0 }}>
            {summary.keyNameHint}
          </dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.rowLabel}>Permissions</dt>
          <dd style={{ margin: 0 }}>
            <PermissionTags permissions={summary.permissions} />
          </dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.rowLabel}>Portfolio</dt>
          <dd style={{ margin: 0 }}>{summary.portfolioName}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.rowLabel}>Exchange</dt>
          <dd style={{ margin: 0 }}>
            {summary.exchange === 'paper' ? 'Paper exchange' : 'Coinbase Advanced'}
          </dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.rowLabel}>Added</dt>
          <dd className="num" style={{ margin: 0 }}>
            {dateTime.format(new Date(summary.addedAt))}
          </dd>
        </div>
      </dl>
      {remove.isError ? (
        <div role="alert" className={styles.alert} style={{ marginTop: 16 }}>
          <AlertTriangle size={18} aria-hidden="true" />
          <div>
            <p className={styles.alertTitle}>
              {running ? 'Your epics are still running' : 'The key was not removed'}
            </p>
            <p className={styles.alertText}>
              {running ? runningEpicsText(blockedBy ?? 1) : errorMessage(remove.error)}
            </p>
          </div>
        </div>
      ) : null}
      {blockedBy !== null && !remove.isError ? (
        <p id="remove-key-blocked" className={styles.alertText} style={{ marginTop: 16 }}>
          {runningEpicsText(blockedBy)}
        </p>
      ) : null}
      <div className={styles.buttons} style={{ marginTop: 20 }}>
        <Button onClick={onReplace}>Replace key</Button>
        <Button
          variant="ghost"
          disabled={blockedBy !== null}
          aria-describedby={blockedBy !== null ? 'remove-key-blocked' : undefined}
          onClick={() => setConfirming(true)}
        >
          Remove key
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Remove this API key?"
        confirmLabel="Remove key"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSettled: () => setConfirming(false),
            onSuccess: () => toast.success('API key removed'),
          })
        }
      >
        CDCA will no longer be able to see your balances or place orders, and you cannot start epics until you
        connect a new key.{' '}
        {summary.exchange === 'paper'
          ? 'Paper keys only trade on the practice market; you can make a new one at any time.'
          : 'The key stays valid on Coinbase — delete it there too if you no longer need it.'}
      </ConfirmDialog>
    </Card>
  );
};
