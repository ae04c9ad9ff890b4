import type { TEpicPlan } from '@cdca/contracts';
import { money } from '@cdca/engine';
import { formatPercent, formatPrice, formatUsd } from '@/lib/format/number.ts';
import styles from './create-epic.module.css';

/** A fee rate as the venue writes it: '0.004' → '0.4%'. */
const feePercent = (rate: string): string => `${money(rate).mul(100).toFixed()}%`;

export type PlanSummaryProps = { plan: TEpicPlan; available: string | null };

/** The plan's totals: what it can cost, what it needs, and where it sells if every level fills. */
export const PlanSummary = ({ plan, available }: PlanSummaryProps) => {
  const first = plan.levels[0];
  const last = plan.levels.at(-1);
  return (
    <dl className={styles.summary}>
      <div>
        <dt>Reference price (best ask)</dt>
        <dd data-testid="reference-price">{formatPrice(plan.referencePrice)}</dd>
      </div>
      {first ? (
        <div>
          <dt>Take-profit after level 1</dt>
          <dd>
            {formatPrice(first.takeProfitPrice)}{' '}
            <span className={styles.cellSub}>{formatPercent(first.moveToTakeProfit)}</span>
          </dd>
        </div>
      ) : null}
      {last && plan.levels.length > 1 ? (
        <>
          <div>
            <dt>Take-profit if all {plan.levels.length} fill</dt>
            <dd>
              {formatPrice(last.takeProfitPrice)}{' '}
              <span className={styles.cellSub}>{formatPercent(last.moveToTakeProfit)}</span>
            </dd>
          </div>
          <div>
            <dt>Average if all fill</dt>
            <dd>{formatPrice(last.avgBuyRate)}</dd>
          </div>
        </>
      ) : null}
      {last ? (
        <div>
          <dt>Break-even if all fill, fees in</dt>
          <dd>{formatPrice(last.breakEvenPrice)}</dd>
        </div>
      ) : null}
      {plan.stopPrice ? (
        <div>
          <dt>
            Stop sells everything at
            {(plan.stopSaleSizes?.length ?? 1) > 1 ? (
              <span className={styles.cellSub}>in {plan.stopSaleSizes?.length} orders</span>
            ) : null}
          </dt>
          <dd className={styles.stopPrice}>{formatPrice(plan.stopPrice)}</dd>
        </div>
      ) : null}
      {first?.limitPrice ? (
        <div>
          <dt>Level 1 pays at most (slippage cap {plan.slippageCap ?? '0.5'}%)</dt>
          <dd data-testid="level-one-limit">{formatPrice(first.limitPrice)}</dd>
        </div>
      ) : null}
      {plan.warnings?.map((warning) => (
        <div key={warning.code} data-testid="plan-warning">
          <dt>Heads-up</dt>
          <dd>{warning.message}</dd>
        </div>
      ))}
      <div>
        <dt>Orders, all levels</dt>
        <dd>{formatUsd(plan.totalCost)}</dd>
      </div>
      <div>
        <dt>
          Buy fees (maker {feePercent(plan.makerFeeRate)}, taker {feePercent(plan.takerFeeRate)})
        </dt>
        <dd>≈ {formatUsd(plan.totalFees)}</dd>
      </div>
      <div className={styles.summaryTotal}>
        <dt>
          Funds required
          {available === null ? null : (
            <span className={styles.cellSub}>of {formatUsd(available)} available</span>
          )}
        </dt>
        <dd data-testid="funds-required">{formatUsd(plan.fundsRequired)}</dd>
      </div>
    </dl>
  );
};
