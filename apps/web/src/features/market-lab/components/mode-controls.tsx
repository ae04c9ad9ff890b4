import type { TPaperProductAvailability } from '@cdca/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useSetPaperStatus } from '../api/set-paper-status.ts';
import { MODE_ORDER, VENUE_MODES } from '../lib/venue-modes.ts';
import styles from './market-lab.module.css';
import { Refusal } from './refusal.tsx';

export type ModeControlsProps = {
  productId: string;
  /** The mode last set from this page, if any: the server has no read-back of it (only the catalogue status). */
  current: TPaperProductAvailability | undefined;
  onApplied: (mode: TPaperProductAvailability, message: string) => void;
};

/** What the venue accepts for the product: halt, cancel-only, delist, back online … (delisting asks first). */
export const ModeControls = ({ productId, current, onApplied }: ModeControlsProps) => {
  const titleId = useId();
  const setStatus = useSetPaperStatus(productId);
  const [pending, setPending] = useState<TPaperProductAvailability>();
  const [confirming, setConfirming] = useState<TPaperProductAvailability>();

  const apply = (mode: TPaperProductAvailability) => {
    setPending(mode);
    setStatus.mutate(
      { status: mode },
      {
        onSuccess: (state) => {
          setConfirming(undefined);
          onApplied(mode, `${state.productId} is ${VENUE_MODES[mode].state}.`);
        },
        onSettled: () => setPending(undefined),
      },
    );
  };
  const asking = confirming ? VENUE_MODES[confirming].confirm : undefined;

  return (
    <section className={`${styles.form} ${styles.wide}`} aria-labelledby={titleId}>
      <div>
        <h3 id={titleId} className={styles.formTitle}>
          Trading mode
        </h3>
        <p className={styles.muted}>
          What the paper venue accepts for <span className={styles.nowrap}>{productId}</span>.
        </p>
      </div>
      <ul className={styles.modes}>
        {MODE_ORDER.map((mode) => {
          const { action, effect, confirm } = VENUE_MODES[mode];
          return (
            <li key={mode} className={styles.mode} data-current={mode === current || undefined}>
              <Button
                size="sm"
                variant={mode === 'delisted' ? 'danger' : mode === 'online' ? 'primary' : 'secondary'}
                loading={pending === mode}
                disabled={pending !== undefined && pending !== mode}
                aria-pressed={mode === current}
                onClick={() => (confirm ? setConfirming(mode) : apply(mode))}
              >
                {action}
              </Button>
              <span className={styles.modeEffect}>{effect}</span>
            </li>
          );
        })}
      </ul>
      {setStatus.isError && !asking ? (
        <Refusal error={setStatus.error} what="The mode was not changed" />
      ) : null}
      <ConfirmDialog
        open={asking !== undefined}
        title={asking?.title ?? ''}
        confirmLabel={`${asking?.label ?? ''} ${productId}`}
        tone="danger"
        busy={setStatus.isPending}
        onConfirm={() => confirming && apply(confirming)}
        onCancel={() => setConfirming(undefined)}
      >
        {asking?.text}
        {setStatus.isError ? <Refusal error={setStatus.error} what="Not delisted" /> : null}
      </ConfirmDialog>
    </section>
  );
};
