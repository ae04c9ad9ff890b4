import type { TEpicPlan, TPlanProblem } from '@cdca/contracts';
import { money } from '@cdca/engine';
import { DataTable } from '@/components/ui/data-table.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatCrypto, formatPercent, formatPrice, formatUsd } from '@/lib/format/number.ts';
import styles from './create-epic.module.css';

export type LadderTableProps = {
  plan: TEpicPlan;
  /** Problems that belong to a level, shown on its row. */
  levelProblems?: Map<number, TPlanProblem[]>;
};

const PLACEMENT = { immediate: 'Now', resting: 'Resting', trigger: 'Trigger' } as const;
const PLACEMENT_HINT = {
  immediate: 'Bought at once at the market',
  resting: 'A limit buy waiting on the exchange',
  trigger: 'Bought when the price rises to it',
} as const;

/** Percent from the reference price: '−3.00%' for a level below it. */
const fromReference = (price: string, reference: string): string =>
  formatPercent(money(price).div(reference).minus(1).mul(100).toNumber());

/**
 * Every level of the plan: where it buys, how much, and where the take-profit sits if the price falls (or
 * rises) to it — the numbers the server will place, exactly (raw values ride on data attributes for tests).
 */
export const LadderTable = ({ plan, levelProblems }: LadderTableProps) => {
  const coin = baseSymbol(plan.productId);
  return (
    <DataTable label="Ladder preview" stickyFirstColumn tableClassName={styles.table}>
      <thead>
        <tr>
          <th scope="col">Level</th>
          <th scope="col">Buy price</th>
          <th scope="col">Size</th>
          <th scope="col">Average if filled</th>
          <th
            scope="col"
            title="Where everything held sells if the epic has filled to this level, and the move it needs from the level's price"
          >
            Take-profit
          </th>
          <th scope="col" title="The lowest sell price that covers the cost and every buy and sell fee">
            Break-even
          </th>
        </tr>
      </thead>
      <tbody>
        {plan.levels.map((level) => {
          const problems = levelProblems?.get(level.level) ?? [];
          const spent = money(level.cumulativeCost).plus(level.cumulativeFees).toFixed();
          return (
            <tr
              key={level.level}
              data-testid="ladder-row"
              data-level={level.level}
              data-price={level.price}
              data-size={level.baseSize}
              data-cost={level.cost}
              data-average={level.avgBuyRate}
              data-take-profit={level.takeProfitPrice}
              data-take-profit-orders={level.takeProfitSizes?.length}
              data-invalid={problems.length > 0 || undefined}
              title={problems.map((problem) => problem.message).join(' ') || undefined}
            >
              <th scope="row">
                <span className={styles.levelNo}>{level.level}</span>
                <span
                  className={styles.placement}
                  data-placement={level.placement}
                  title={PLACEMENT_HINT[level.placement]}
                >
                  {PLACEMENT[level.placement]}
                </span>
              </th>
              <td>
                <span className={styles.cellMain}>{formatPrice(level.price)}</span>
                <span className={styles.cellSub}>
                  {level.limitPrice
                    ? `pays up to ${formatPrice(level.limitPrice)}`
                    : fromReference(level.price, plan.referencePrice)}
                </span>
              </td>
              <td>
                <span className={styles.cellMain}>{formatCrypto(level.baseSize, coin)}</span>
                <span className={styles.cellSub}>
                  {formatUsd(level.cost)} +{formatUsd(level.estimatedFee)} fee
                </span>
              </td>
              <td>
                <span className={styles.cellMain}>{formatPrice(level.avgBuyRate)}</span>
                <span className={styles.cellSub}>{formatUsd(spent)} spent</span>
              </td>
              <td>
                <span className={`${styles.cellMain} ${styles.tp}`}>
                  {formatPrice(level.takeProfitPrice)}
                </span>
                <span className={styles.cellSub}>
                  {formatPercent(level.moveToTakeProfit)}
                  {/* Everything held is more than one order may sell: the exchange gets it in parts. */}
                  {(level.takeProfitSizes?.length ?? 1) > 1
                    ? ` · ${level.takeProfitSizes?.length} orders`
                    : null}
                </span>
              </td>
              <td>
                <span className={styles.cellMain}>{formatPrice(level.breakEvenPrice)}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
};
