import type { TEpicDetail } from '@cdca/contracts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatCrypto, formatPrice, formatUsd } from '@/lib/format/number.ts';
import { isLevelFilled } from '../lib/epic-detail-cache.ts';
import { levelStateOf, PLACEMENT_LABEL } from '../lib/level-state.ts';
import styles from './breakdown.module.css';
import { SectionCard } from './section-card.tsx';

export type LevelTableProps = { detail: TEpicDetail };

/** Every DCA level with its order's state, and what the average and take-profit become if it fills. */
export const LevelTable = ({ detail }: LevelTableProps) => {
  const coin = baseSymbol(detail.coinSymbol);
  return (
    <SectionCard
      titleId="levels-title"
      title="Levels"
      note={
        <>
          {detail.inputs.dcaLevels} levels · {detail.inputs.buySpread}% apart · {detail.inputs.scaling},{' '}
          {detail.inputs.load} load
        </>
      }
    >
      <DataTable label="Levels" cells="dense" stickyFirstColumn tableClassName={styles.table}>
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col">Price</th>
            <th scope="col" data-priority="low">
              Size
            </th>
            <th scope="col">Cost</th>
            <th scope="col" className={styles.left}>
              Order
            </th>
            <th scope="col" data-priority="low">
              Avg if filled
            </th>
            <th scope="col" data-priority="low">
              Take profit then
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.levels.map((level) => {
            const planned = detail.plan.levels.find((candidate) => candidate.level === level.level);
            const state = levelStateOf(level);
            return (
              <tr
                key={level.level}
                className={isLevelFilled(level) ? styles.rowFilled : undefined}
                data-testid={`level-${level.level}`}
              >
                <td>
                  <span className={styles.levelNo}>{level.level}</span>
                </td>
                <td>{formatPrice(level.price)}</td>
                <td data-priority="low">{formatCrypto(level.baseSize, coin)}</td>
                <td>{formatUsd(planned?.cost ?? level.quote)}</td>
                <td className={`${styles.left} ${styles.orderCell}`}>
                  <span className={styles.state} data-tone={state.tone}>
                    <span className={styles.stateDot} aria-hidden="true" />
                    {state.label}
                  </span>
                  <div className={styles.placement}>{PLACEMENT_LABEL[level.placement]}</div>
                </td>
                <td data-priority="low">{planned ? formatPrice(planned.avgBuyRate) : '—'}</td>
                <td data-priority="low">{planned ? formatPrice(planned.takeProfitPrice) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </SectionCard>
  );
};
