import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { profitTone } from '@/lib/epics/epic-figures.ts';
import { formatSignedUsd, formatUsd } from '@/lib/format/number.ts';
import type { PortfolioFigures } from '../lib/live-epic-figures.ts';
import styles from './portfolio-summary.module.css';

export type PortfolioSummaryProps = {
  /** USD and USDC available on the exchange; undefined while loading, null when it could not be read. */
  cash: { usd: string; usdc: string } | null | undefined;
  /** undefined while the epics load. */
  figures: PortfolioFigures | undefined;
};

/** Cash on the exchange, capital working in epics, and how today went. */
export const PortfolioSummary = ({ cash, figures }: PortfolioSummaryProps) => (
  <Card as="section" aria-label="Portfolio summary" className={styles.summary} compact>
    <Tile label="Cash available" testId="cash-available">
      {cash === undefined ? (
        <Skeleton width="70%" height={24} />
      ) : cash === null ? (
        <span className={styles.muted}>Unavailable</span>
      ) : (
        <>
          <span className={styles.value}>{formatUsd(cash.usd)}</span>
          <span className={styles.sub}>{formatUsd(cash.usdc)} USDC</span>
        </>
      )}
    </Tile>
    <Tile label="Capital in epics" testId="capital-in-epics">
      {figures ? (
        <>
          <span className={styles.value}>{formatUsd(figures.capitalInEpics)}</span>
          <span className={styles.sub}>of {formatUsd(figures.budgeted)} budgeted</span>
        </>
      ) : (
        <Skeleton width="70%" height={24} />
      )}
    </Tile>
    <Tile label="Unrealised P&L" testId="unrealised-pnl">
      {figures ? (
        <>
          <Signed value={figures.unrealised} />
          <span className={styles.sub}>on coins held now</span>
        </>
      ) : (
        <Skeleton width="70%" height={24} />
      )}
    </Tile>
    <Tile label="Today's P&L" testId="today-pnl">
      {figures ? (
        <>
          <Signed value={figures.realisedToday} />
          <span className={styles.sub}>
            {figures.endedToday === 1 ? '1 epic ended today' : `${figures.endedToday} epics ended today`}
          </span>
        </>
      ) : (
        <Skeleton width="70%" height={24} />
      )}
    </Tile>
  </Card>
);

type TileProps = { label: string; testId: string; children: React.ReactNode };

const Tile = ({ label, testId, children }: TileProps) => (
  <div className={styles.tile} data-testid={testId}>
    <span className={styles.label}>{label}</span>
    {children}
  </div>
);

const Signed = ({ value }: { value: string | null }) =>
  value === null ? (
    <span className={styles.value}>—</span>
  ) : (
    <span className={`${styles.value} ${styles[profitTone(value)]}`}>{formatSignedUsd(value)}</span>
  );
