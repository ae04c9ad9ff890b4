import type { TEpic } from '@cdca/contracts';
import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { EpicIdentity } from '@/components/epic/epic-identity.tsx';
import { EpicStatusTag } from '@/components/epic/epic-status-tag.tsx';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { epicLabel, levelsLabel } from '@/lib/epics/epic-identity.ts';
import { formatPercent, formatPrice, formatUsd } from '@/lib/format/number.ts';
import { levelProgress, liveEpicFigures } from '../lib/live-epic-figures.ts';
import styles from './live-epics.module.css';

export type LiveEpicRowProps = { epic: TEpic; price: string | undefined };

/** One live epic at a glance; the whole row opens its breakdown. */
export const LiveEpicRow = ({ epic, price }: LiveEpicRowProps) => {
  const figures = liveEpicFigures(epic, price);
  const label = epicLabel(epic.id, epic.coinSymbol);
  const progress = levelProgress(epic);
  return (
    <li className={styles.row} data-testid="live-epic" data-epic-id={epic.id}>
      <Link to={`/epic/${epic.id}`} className={styles.rowLink} aria-label={`${label} epic, ${epic.status}`}>
        <div className={styles.rowHead}>
          <EpicIdentity
            epicId={epic.id}
            coinSymbol={epic.coinSymbol}
            coinName={epic.coin.name}
            photo={epic.coin.photo}
          />
          <EpicStatusTag status={epic.status} />
          <div className={styles.levels}>
            <span className={styles.levelsText}>
              <span className="visually-hidden">Levels filled: </span>
              <strong className="num" data-testid="epic-levels">
                {levelsLabel(epic.activeDcaLevel, epic.dcaLevels)}
              </strong>{' '}
              <span aria-hidden="true">levels</span>
            </span>
            <span className={styles.levelsBar} aria-hidden="true">
              <span style={{ transform: `scaleX(${progress})` }} />
            </span>
          </div>
          <ChevronRight size={18} className={styles.chevron} aria-hidden="true" />
        </div>
        <dl className={styles.figures}>
          <Figure label="Budget used">
            <span className="num">{formatUsd(figures.budgetUsed)}</span>
            <span className={styles.of}> / {formatUsd(epic.budget)}</span>
          </Figure>
          <Figure label="Avg buy">
            <span className="num">{epic.avgBuyRate === null ? '—' : formatPrice(epic.avgBuyRate)}</span>
          </Figure>
          <Figure label="Price">
            {price === undefined ? (
              <Skeleton width={72} height={16} />
            ) : (
              <span className="num" data-testid="epic-price">
                {formatPrice(price)}
              </span>
            )}
          </Figure>
          <Figure label="Unrealised">
            <ProfitAmount value={figures.unrealised} />
            {figures.unrealisedPercent !== null && figures.unrealised !== null ? (
              <span className={styles.of}> {formatPercent(figures.unrealisedPercent)}</span>
            ) : null}
          </Figure>
          <Figure label="Realised">
            <ProfitAmount value={epic.profitsDollarAmount} />
          </Figure>
          <Figure label="To take-profit">
            {figures.toTakeProfit === null || figures.takeProfit === null ? (
              <span className={styles.of}>after the first buy</span>
            ) : (
              <span className="num" title={`Take-profit at ${formatPrice(figures.takeProfit)}`}>
                {formatPercent(figures.toTakeProfit)}
              </span>
            )}
          </Figure>
        </dl>
      </Link>
    </li>
  );
};

type FigureProps = { label: string; children: React.ReactNode };

const Figure = ({ label, children }: FigureProps) => (
  <div className={styles.figure}>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);
