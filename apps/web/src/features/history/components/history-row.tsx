import type { TEpic } from '@cdca/contracts';
import { Link } from 'wouter';
import { EpicIdentity } from '@/components/epic/epic-identity.tsx';
import { EpicStatusTag } from '@/components/epic/epic-status-tag.tsx';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { levelsLabel } from '@/lib/epics/epic-identity.ts';
import { formatPrice, formatUsd } from '@/lib/format/number.ts';
import styles from './history.module.css';

export type HistoryRowProps = { epic: TEpic };

const thisYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const otherYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const endedLabel = (iso: string) => {
  const date = new Date(iso);
  return (date.getFullYear() === new Date().getFullYear() ? thisYear : otherYear).format(date);
};

/** How long an epic ran, in the largest unit that reads well: '42 min', '5 h', '3 d'. */
export const durationLabel = (fromIso: string, toIso: string | null): string => {
  if (!toIso) return '—';
  const minutes = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} d`;
};

export const HISTORY_COLUMNS = ['Epic', 'Status', 'Levels', 'Budget', 'Avg buy', 'Ended', 'Profit'] as const;

/** One finished epic; the whole row opens its breakdown. */
export const HistoryRow = ({ epic }: HistoryRowProps) => (
  <li>
    <Link to={`/epic/${epic.id}`} className={styles.row} data-testid="history-row">
      <span className={`${styles.cell} ${styles.identityCell}`}>
        <EpicIdentity epicId={epic.id} coinSymbol={epic.coinSymbol} photo={epic.coin.photo} size="sm" />
      </span>
      <span className={styles.cell} data-label="Status">
        <EpicStatusTag status={epic.status} />
      </span>
      <span className={styles.cell} data-label="Levels">
        {levelsLabel(epic.activeDcaLevel, epic.dcaLevels)}
      </span>
      <span className={`${styles.cell} ${styles.num}`} data-label="Budget">
        {formatUsd(epic.budget)}
      </span>
      <span className={`${styles.cell} ${styles.num}`} data-label="Avg buy">
        {epic.avgBuyRate ? formatPrice(epic.avgBuyRate) : '—'}
      </span>
      <span className={styles.cell} data-label="Ended">
        {epic.closedAt ? endedLabel(epic.closedAt) : '—'}
        <span className={styles.subline}>ran {durationLabel(epic.createdAt, epic.closedAt)}</span>
      </span>
      <span className={`${styles.cell} ${styles.num} ${styles.profitCell}`} data-label="Profit">
        <ProfitAmount value={epic.profitsDollarAmount} />
      </span>
    </Link>
  </li>
);
