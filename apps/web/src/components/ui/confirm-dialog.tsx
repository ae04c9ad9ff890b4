import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, type ButtonVariant } from './button.tsx';
import styles from './confirm-dialog.module.css';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'secondary' | 'danger';
  /** Where 'Cancel' would read as the action itself (e.g. next to 'Cancel epic'), say what dismissing keeps. */
  cancelLabel?: string;
  cancelVariant?: Extract<ButtonVariant, 'secondary' | 'ghost'>;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A modal confirmation on the native <dialog>, which traps focus and closes on Escape. */
export const ConfirmDialog = ({
  open,
  title,
  children,
  confirmLabel,
  tone = 'primary',
  cancelLabel = 'Cancel',
  cancelVariant = 'secondary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => {
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
        onCancel();
      }}
    >
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.text}>{children}</div>
        <div className={styles.actions}>
          <Button variant={cancelVariant} onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
};
