import type { TEpicDetail } from '@cdca/contracts';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { EpicIdentity } from '@/components/epic/epic-identity.tsx';
import { EpicStatusTag } from '@/components/epic/epic-status-tag.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { isTerminalEpicStatus } from '@/lib/epics/epic-status.ts';
import { isClientError } from '@/lib/http/api-error.ts';
import { useEpicBreakdown } from '../hooks/use-epic-breakdown.ts';
import { positionSummary } from '../lib/position-summary.ts';
import styles from './breakdown.module.css';
import { EpicActions } from './epic-actions.tsx';
import { EpicBreakdownSkeleton } from './epic-breakdown-skeleton.tsx';
import { EpicChartCard } from './epic-chart-card.tsx';
import { EpicFigures } from './epic-figures.tsx';
import { EpicNotFound } from './epic-not-found.tsx';
import { EpicSettingsCard } from './epic-settings-card.tsx';
import { EpicStatusCallout } from './epic-status-callout.tsx';
import { FillsTable } from './fills-table.tsx';
import { LevelTable } from './level-table.tsx';

export type EpicBreakdownProps = {
  epicId: string;
  /** The share action of an ended epic; the route composes it from the shares feature. */
  shareAction?: (epic: TEpicDetail) => ReactNode;
};

const started = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /epic/{epicId}: one epic, live — chart, levels, fills, P&L, status, and the trader's two actions. */
export const EpicBreakdown = ({ epicId, shareAction }: EpicBreakdownProps) => {
  const { epic, coin, candles } = useEpicBreakdown(epicId);

  if (epic.isPending) return <EpicBreakdownSkeleton />;
  if (epic.isError) {
    if (isClientError(epic.error)) return <EpicNotFound />;
    return (
      <EmptyState
        icon={<RefreshCw size={26} />}
        title="Could not load this epic"
        actions={<Button onClick={() => void epic.refetch()}>Try again</Button>}
      >
        The server did not answer. Your epic keeps running on the exchange either way.
      </EmptyState>
    );
  }

  const data = epic.data;
  const price = coin.data?.price;
  const summary = positionSummary(data, price);
  const ended = isTerminalEpicStatus(data.status);
  return (
    <div className={styles.page}>
      <Link to={ended ? '/history' : '/dashboard'} className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" />
        {ended ? 'History' : 'Dashboard'}
      </Link>
      <header className={styles.header}>
        <div className={styles.headline}>
          <h1 className={styles.title}>
            <EpicIdentity
              epicId={data.id}
              coinSymbol={data.coinSymbol}
              coinName={data.coin.name}
              photo={data.coin.photo}
              size="lg"
            />
          </h1>
          <EpicStatusTag status={data.status} />
          <span className={styles.dates}>
            Started {started.format(new Date(data.createdAt))}
            {data.closedAt ? ` · ended ${started.format(new Date(data.closedAt))}` : ''}
          </span>
        </div>
        <EpicActions detail={data} summary={summary} />
        {ended ? shareAction?.(data) : null}
      </header>
      <EpicStatusCallout status={data.status} reason={data.statusReason} />
      <EpicFigures detail={data} summary={summary} price={price} change24h={coin.data?.change24h} />
      <EpicChartCard detail={data} candles={candles.data} takeProfit={summary.takeProfit} />
      <LevelTable detail={data} />
      <div className={styles.bottom}>
        <FillsTable detail={data} />
        <EpicSettingsCard detail={data} />
      </div>
    </div>
  );
};
