import type { TBillingSummary } from '@cdca/contracts';
import { formatUsd, INCLUDED_VOLUME_USD, money } from '@cdca/engine';
import { Card } from '@/components/ui/card.tsx';
import { formatLongDate } from '../lib/billing-dates.ts';
import { formatUsdShort } from '../lib/price-lines.ts';
import styles from './billing.module.css';

export type AllowanceCardProps = { summary: TBillingSummary };

/** How much of the free allowance (realised profit before billing starts, docs/decisions/billing-rules.md) is used. */
export const AllowanceCard = ({ summary }: AllowanceCardProps) => {
  const { allowance } = summary;
  const limit = money(allowance.limit);
  const profit = money(allowance.realisedProfit);
  const used = limit.isZero() ? 100 : Math.min(100, Math.max(0, profit.div(limit).mul(100).toNumber()));
  const limitText = formatUsdShort(allowance.limit);
  return (
    <Card as="section" aria-labelledby="allowance-title" className={styles.panel}>
      <h2 id="allowance-title" className={styles.panelTitle}>
        Free allowance
      </h2>
      <p className={styles.panelLead}>
        {allowance.reached
          ? `Used up${summary.billingStartedAt ? ` on ${formatLongDate(summary.billingStartedAt)}` : ''}: your epics made ${formatUsd(profit)} in realised profit, so billing has started.`
          : `CDCA is free until your epics make ${limitText} in realised profit. ${formatUsd(money(allowance.remaining))} to go.`}
      </p>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="Free allowance used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(used)}
        aria-valuetext={`${formatUsd(profit.isNegative() ? money(0) : profit)} of ${limitText}`}
      >
        <span className={styles.progressBar} style={{ width: `${used}%` }} />
      </div>
      <p className={styles.progressLegend}>
        <span>{formatUsd(profit)} realised</span>
        <span>{limitText}</span>
      </p>
      {summary.currentCycle ? (
        <p className={styles.panelLead}>
          Volume this cycle: {formatUsd(money(summary.currentCycle.volume))} of{' '}
          {formatUsdShort(INCLUDED_VOLUME_USD)} included
          {summary.quote.usageFee !== '0.00'
            ? ` · usage fees so far ${formatUsd(money(summary.quote.usageFee))}`
            : ''}
          .
        </p>
      ) : null}
    </Card>
  );
};
