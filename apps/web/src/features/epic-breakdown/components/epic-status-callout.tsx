import type { TEpicStatus } from '@cdca/contracts';
import { AlertTriangle, CheckCircle2, Info, OctagonAlert } from 'lucide-react';
import { epicStatusLabel, epicStatusMeaning, epicStatusTone } from '@/lib/epics/epic-status.ts';
import styles from './breakdown.module.css';

export type EpicStatusCalloutProps = { status: TEpicStatus; reason: string | null };

const ICONS = { green: CheckCircle2, amber: AlertTriangle, red: OctagonAlert, blue: Info, neutral: Info };

/** The status in words: what it means and, in warning or error, why and what the trader can do. */
export const EpicStatusCallout = ({ status, reason }: EpicStatusCalloutProps) => {
  const tone = epicStatusTone(status);
  const Icon = ICONS[tone];
  const urgent = status === 'warning' || status === 'error';
  return (
    <section
      className={styles.status}
      data-tone={tone}
      aria-label="Epic status"
      role={urgent ? 'alert' : undefined}
      aria-live="polite"
    >
      <span className={styles.statusIcon}>
        <Icon size={20} aria-hidden="true" />
      </span>
      <div className={styles.statusText}>
        <strong>{epicStatusLabel(status)}</strong>
        {reason && urgent ? <span className={styles.statusReason}>{reason}</span> : null}
        <span className={styles.statusMeaning}>{epicStatusMeaning(status)}</span>
      </div>
    </section>
  );
};
