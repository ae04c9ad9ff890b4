import type { TEpicPlan } from '@cdca/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatCrypto, formatPrice, formatUsd } from '@/lib/format/number.ts';
import styles from './create-epic.module.css';

export type ConfirmEpicDialogProps = {
  open: boolean;
  plan: TEpicPlan | undefined;
  coinName: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** What Create Epic will place, order by order, before any money moves. */
export const ConfirmEpicDialog = ({
  open,
  plan,
  coinName,
  busy,
  onConfirm,
  onCancel,
}: ConfirmEpicDialogProps) => {
  const coin = plan ? baseSymbol(plan.productId) : '';
  const now = plan?.levels.filter((level) => level.placement === 'immediate') ?? [];
  const resting = plan?.levels.filter((level) => level.placement === 'resting') ?? [];
  const triggers = plan?.levels.filter((level) => level.placement === 'trigger') ?? [];
  return (
    <ConfirmDialog
      open={open}
      title={`Start an epic on ${coinName}?`}
      confirmLabel="Create Epic"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {plan ? (
        <div className={styles.confirm}>
          <p>
            Up to <strong>{formatUsd(plan.fundsRequired)}</strong> (orders plus about{' '}
            {formatUsd(plan.totalFees)} in fees) in {plan.levels.length}{' '}
            {plan.levels.length === 1 ? 'buy' : 'buys'} of {coin}:
          </p>
          <OrderGroup title="Bought now at the market" levels={now} coin={coin} />
          <OrderGroup title="Limit buys resting on the exchange" levels={resting} coin={coin} />
          <OrderGroup title="Buys triggered when the price rises to them" levels={triggers} coin={coin} />
          <p>
            After every buy, one sell of everything held waits at your average +{plan.inputs.sellSpread}% — at
            first <strong>{formatPrice(plan.levels[0]?.takeProfitPrice ?? '0')}</strong>. When it fills the
            epic closes.
          </p>
          {plan.stopPrice ? (
            <p>
              If the price falls to <strong>{formatPrice(plan.stopPrice)}</strong>, every order is cancelled
              and everything held is sold at the market.
            </p>
          ) : null}
          <p className={styles.confirmNote}>
            Prices follow the best ask when you confirm ({formatPrice(plan.referencePrice)} now).
          </p>
        </div>
      ) : null}
    </ConfirmDialog>
  );
};

type OrderGroupProps = { title: string; levels: TEpicPlan['levels']; coin: string };

const OrderGroup = ({ title, levels, coin }: OrderGroupProps) =>
  levels.length === 0 ? null : (
    <div className={styles.orderGroup}>
      <p className={styles.orderTitle}>{title}</p>
      <ul className={styles.orders} aria-label={title}>
        {levels.map((level) => (
          <li key={level.level}>
            <span>L{level.level}</span>
            <span className="num">{formatCrypto(level.baseSize, coin)}</span>
            <span className="num">@ {formatPrice(level.price)}</span>
            <span className="num">{formatUsd(level.cost)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
