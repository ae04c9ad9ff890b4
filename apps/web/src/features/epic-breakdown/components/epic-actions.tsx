import type { TEpicDetail } from '@cdca/contracts';
import { Ban, Flame } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { epicLabel } from '@/lib/epics/epic-identity.ts';
import { canCancelEpic, canLiquidateEpic } from '@/lib/epics/epic-status.ts';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatCrypto, formatUsd } from '@/lib/format/number.ts';
import { type EpicAction, useUpdateEpic } from '../api/update-epic.ts';
import type { PositionSummary } from '../lib/position-summary.ts';
import styles from './breakdown.module.css';

export type EpicActionsProps = { detail: TEpicDetail; summary: PositionSummary };

/**
 * Cancel and Liquidate, each behind a confirmation that says exactly what will happen to the trader's coins.
 * Shown only while the engine's transition table accepts them.
 */
export const EpicActions = ({ detail, summary }: EpicActionsProps) => {
  const [asking, setAsking] = useState<EpicAction | null>(null);
  const update = useUpdateEpic(detail.id);
  const cancellable = canCancelEpic(detail.status);
  const liquidatable = canLiquidateEpic(detail.status);
  if (!cancellable && !liquidatable) return null;

  const label = epicLabel(detail.id, detail.coinSymbol);
  const held = formatCrypto(summary.heldBase, baseSymbol(detail.coinSymbol));
  const confirm = () => {
    if (!asking) return;
    update.mutate(asking, { onSettled: () => setAsking(null) });
  };
  // Escape must not close the dialog while the request is in flight, like the disabled dismiss button.
  const dismiss = () => {
    if (!update.isPending) setAsking(null);
  };

  return (
    <div className={styles.actions}>
      {cancellable ? (
        <Button variant="secondary" onClick={() => setAsking('cancel')}>
          <Ban size={16} aria-hidden="true" />
          Cancel epic
        </Button>
      ) : null}
      {liquidatable ? (
        <Button variant="danger" onClick={() => setAsking('liquidate')}>
          <Flame size={16} aria-hidden="true" />
          Liquidate
        </Button>
      ) : null}
      {asking ? (
        <ConfirmDialog
          open
          title={`${asking === 'cancel' ? 'Cancel' : 'Liquidate'} ${label}?`}
          confirmLabel={asking === 'cancel' ? 'Cancel epic' : 'Sell everything now'}
          tone={asking === 'cancel' ? 'secondary' : 'danger'}
          busy={update.isPending}
          onConfirm={confirm}
          cancelLabel="Keep epic running"
          cancelVariant="ghost"
          onCancel={dismiss}
        >
          <div className={styles.consequence}>
            {asking === 'cancel' ? (
              <>
                <p>
                  Every open order of this epic is cancelled and no further levels are bought.{' '}
                  <strong>Nothing is sold:</strong> the {held} already bought stay in your exchange account.
                </p>
                <p>The epic moves to history as cancelled. This cannot be undone.</p>
              </>
            ) : (
              <>
                <p>
                  Every open order is cancelled and{' '}
                  <strong>everything held ({held}) is sold at the market price now</strong>
                  {summary.heldValue ? `, about ${formatUsd(summary.heldValue)} before fees` : ''}.
                </p>
                <p>A market sell can fill below the last price. The epic moves to history as liquidated.</p>
              </>
            )}
          </div>
        </ConfirmDialog>
      ) : null}
    </div>
  );
};
