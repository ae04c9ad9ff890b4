import { Bell, BellOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { badgeLabel } from './badge-label.ts';
import styles from './notifications-bell.module.css';

export type NotificationsBellProps = {
  unread?: number;
  /** Which side the panel opens toward (the side nav opens it to the left edge). */
  align?: 'left' | 'right';
};

/** The bell and its panel. Notifications themselves arrive with the epics; until then the list is empty. */
export const NotificationsBell = ({ unread = 0, align = 'right' }: NotificationsBellProps) => {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const label = badgeLabel(unread);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={styles.wrap} ref={wrap}>
      <button
        type="button"
        className={styles.bell}
        aria-label={label ? `Notifications, ${label} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Bell size={18} aria-hidden="true" />
        {label ? <span className={styles.badge}>{label}</span> : null}
      </button>
      {open ? (
        <div id={panelId} className={[styles.panel, align === 'left' ? styles.left : ''].join(' ')}>
          <div className={styles.panelHead}>Notifications</div>
          <div className={styles.empty}>
            <BellOff size={22} aria-hidden="true" />
            NO NOTIFICATIONS
          </div>
        </div>
      ) : null}
    </div>
  );
};
