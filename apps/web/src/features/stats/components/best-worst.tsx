import type { TStatsEpic } from '@cdca/contracts';
import { Link } from 'wouter';
import { EpicIdentity } from '@/components/epic/epic-identity.tsx';
import { EpicStatusTag } from '@/components/epic/epic-status-tag.tsx';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { paths } from '@/config/routes.ts';
import { profitTone } from '@/lib/epics/epic-figures.ts';
import { formatPercent } from '@/lib/format/number.ts';
import styles from './stats.module.css';

export type BestWorstProps = { best: TStatsEpic | null; worst: TStatsEpic | null };
type EpicCardProps = { label: string; epic: TStatsEpic };

const endedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The manifest owns the breakdown's path (docs/decisions/route-manifest.md); only its parameter is ours. */
const breakdownPath = (epicId: string) => paths.epicBreakdown.replace(':epicId', epicId);

const EpicCard = ({ label, epic }: EpicCardProps) => (
  <Link
    to={breakdownPath(epic.epicId)}
    className={styles.epicCard}
    aria-label={`${label} epic: open its breakdown`}
  >
    <span className={styles.epicCardLabel}>{label}</span>
    <span className={styles.epicCardTop}>
      <EpicIdentity epicId={epic.epicId} coinSymbol={epic.coinSymbol} size="sm" />
      <EpicStatusTag status={epic.status} />
    </span>
    <span className={styles.epicCardFigure}>
      <ProfitAmount value={epic.realisedPnl} />
      {epic.realisedPnlPct === null ? null : (
        <span className={styles[profitTone(epic.realisedPnlPct)]}>{formatPercent(epic.realisedPnlPct)}</span>
      )}
    </span>
    <span className={styles.note}>Ended {endedOn.format(new Date(epic.closedAt))}</span>
  </Link>
);

/** The period's best and worst ended epics, each opening its breakdown; one epic is both when it is the only one. */
export const BestWorst = ({ best, worst }: BestWorstProps) => {
  if (!best || !worst) return null;
  return (
    <section className={styles.bestWorst} aria-label="Best and worst epics">
      <EpicCard label="Best epic" epic={best} />
      {worst.epicId === best.epicId ? null : <EpicCard label="Worst epic" epic={worst} />}
    </section>
  );
};
