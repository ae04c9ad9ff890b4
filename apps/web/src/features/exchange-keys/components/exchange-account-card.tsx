import { AlertTriangle, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { formatUsd } from '@/lib/format/number.ts';
import { errorMessage, isApiError } from '@/lib/http/api-error.ts';
import { useExchangeAccount } from '../api/get-exchange-account.ts';
import styles from './exchange-keys.module.css';
import { PermissionTags } from './permission-tags.tsx';

const EXCHANGE_LABEL = { paper: 'Paper exchange', coinbase: 'Coinbase Advanced' } as const;

/** The verified account the connected key belongs to, read live from the exchange. */
export const ExchangeAccountCard = () => {
  const account = useExchangeAccount();

  if (account.isPending) {
    return (
      <Card as="section" aria-label="Loading your exchange account" aria-busy="true">
        <div className={styles.portfolio}>
          <Skeleton width={48} height={48} radius={14} />
          <div style={{ display: 'grid', gap: 8, flex: 1 }}>
            <Skeleton width="40%" height={20} />
            <Skeleton width="25%" height={14} />
          </div>
        </div>
        <div className={styles.stats}>
          <Skeleton height={84} radius={10} />
          <Skeleton height={84} radius={10} />
        </div>
        <Skeleton height={28} width="60%" />
      </Card>
    );
  }

  if (account.isError) {
    const error = account.error;
    const explanation = isApiError(error, 'exchange-unavailable')
      ? 'The exchange is not answering right now. Your key is saved; try again in a moment.'
      : isApiError(error, 'exchange-key-required') || isApiError(error, 'exchange-key-not-found')
        ? 'No API key is connected to your account. Contact support so we can move you back to the keys step.'
        : isApiError(error, 'api-key-invalid')
          ? 'The exchange no longer accepts your key — it may have been deleted on Coinbase.'
          : errorMessage(error);
    return (
      <Card as="section" aria-label="Exchange account">
        <div role="alert" className={styles.alert}>
          <AlertTriangle size={18} aria-hidden="true" />
          <div>
            <p className={styles.alertTitle}>We could not load your exchange account</p>
            <p className={styles.alertText}>{explanation}</p>
          </div>
        </div>
        <div style={{ marginTop: 16 }}>
          <Button variant="secondary" onClick={() => void account.refetch()} loading={account.isFetching}>
            Try again
          </Button>
        </div>
      </Card>
    );
  }

  const data = account.data;
  return (
    <Card as="section" aria-label="Exchange account">
      <div className={styles.cardHead}>
        <div className={styles.portfolio}>
          <span className={styles.portfolioIcon} aria-hidden="true">
            <Wallet size={24} />
          </span>
          <div>
            <p className={styles.portfolioName}>{data.portfolioName}</p>
            <p className={styles.muted}>{EXCHANGE_LABEL[data.exchange]} portfolio</p>
          </div>
        </div>
        <Tag tone="green">Verified</Tag>
      </div>
      <dl className={styles.stats} style={{ margin: '18px 0' }}>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>USD available</dt>
          <dd className={styles.statValue} style={{ margin: 0 }}>
            {formatUsd(data.usdAvailable)}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>USDC available</dt>
          <dd className={styles.statValue} style={{ margin: 0 }}>
            {formatUsd(data.usdcAvailable)}
          </dd>
        </div>
      </dl>
      <div className={styles.row}>
        <span className={styles.rowLabel}>Key permissions</span>
        <PermissionTags permissions={data.permissions} />
      </div>
    </Card>
  );
};
