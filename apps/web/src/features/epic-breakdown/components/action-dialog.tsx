import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button.tsx';
import styles from '@/components/ui/confirm-dialog.module.css';

export type ActionDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone: 'secondary' | 'danger';
  busy: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
};

/**
 * The shared ConfirmDialog labels its dismiss button 'Cancel', which next to 'Cancel epic' would read as the
 * action itself; this one says 'Keep epic running'. Same native <dialog>: focus trap and Escape for free.
 */
export const ActionDialog = ({
  open,
  title,
  children,
  confirmLabel,
  tone,
  busy,
  onConfirm,
  onDismiss,
}: ActionDialogProps) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onDismiss();
      }}
    >
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.text}>{children}</div>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onDismiss} disabled={busy}>
            Keep epic running
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
};
