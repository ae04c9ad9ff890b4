import type { TBillingSummary, TCancellationReason } from '@cdca/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useCancelPlan } from '../api/cancel-plan.ts';
import { useResumePlan } from '../api/resume-plan.ts';
import { formatLongDate, formatLongDateTime } from '../lib/billing-dates.ts';
import { CANCELLATION_REASON_LABELS, CANCELLATION_REASON_OPTIONS } from '../lib/cancellation-reasons.ts';
import styles from './billing.module.css';

export type CancelPlanCardProps = {
  accountId: string;
  summary: TBillingSummary;
  /** The server's time (useServerNow): whether the paid access has ended is the server's call. */
  now: number;
};

/** Cancelling the plan, with a reason (docs/product.md §3) and a confirmation; or taking a cancellation back. */
export const CancelPlanCard = ({ accountId, summary, now }: CancelPlanCardProps) => {
  if (summary.state === 'free') return null;
  if (summary.cancellation) {
    return <CancelledNotice accountId={accountId} cancellation={summary.cancellation} now={now} />;
  }
  return <CancelForm accountId={accountId} summary={summary} />;
};

type CancelledNoticeProps = {
  accountId: string;
  cancellation: NonNullable<TBillingSummary['cancellation']>;
  now: number;
};

const CancelledNotice = ({ accountId, cancellation, now }: CancelledNoticeProps) => {
  const resume = useResumePlan(accountId);
  const ended = Date.parse(cancellation.accessUntil) <= now;
  return (
    <Card as="section" aria-labelledby="cancel-title" className={styles.panel}>
      <h2 id="cancel-title" className={styles.panelTitle}>
        Plan cancelled
      </h2>
      <p className={styles.panelLead}>
        Cancelled on {formatLongDate(cancellation.cancelledAt)} (
        {CANCELLATION_REASON_LABELS[cancellation.reason]}).{' '}
        {ended
          ? 'Your access has ended.'
          : `Your epics keep running until ${formatLongDateTime(cancellation.accessUntil)}; nothing more is requested.`}
      </p>
      <div>
        <Button variant="secondary" loading={resume.isPending} onClick={() => resume.mutate()}>
          Resume my plan
        </Button>
      </div>
    </Card>
  );
};

type CancelFormProps = { accountId: string; summary: TBillingSummary };

const CancelForm = ({ accountId, summary }: CancelFormProps) => {
  const cancel = useCancelPlan(accountId);
  const [reason, setReason] = useState<TCancellationReason | null>(null);
  const [comment, setComment] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  const commentId = useId();
  const endsAtOnce = summary.dueToday !== '0.00' || summary.state === 'allowance';
  const paidUntil = summary.currentCycle?.end;
  return (
    <Card as="section" aria-labelledby="cancel-title" className={styles.panel}>
      <h2 id="cancel-title" className={styles.panelTitle}>
        Cancel plan
      </h2>
      <p className={styles.panelLead}>
        {summary.state === 'allowance'
          ? 'You are still in the free allowance, so cancelling pauses your account at once. You can resume at any time.'
          : 'Nothing more is requested after you cancel. Your epics keep running until the end of the 30 days you paid for, and you can resume at any time.'}
      </p>
      {open ? (
        <div className={styles.cancelForm}>
          <fieldset className={styles.reasons}>
            <legend className={styles.legend}>Why are you leaving?</legend>
            {CANCELLATION_REASON_OPTIONS.map((option) => (
              <label key={option.reason} className={styles.reason}>
                <input
                  type="radio"
                  name="cancellation-reason"
                  value={option.reason}
                  checked={reason === option.reason}
                  onChange={() => setReason(option.reason)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </fieldset>
          <label className={styles.commentLabel} htmlFor={commentId}>
            Anything we should know? <span className={styles.muted}>(optional)</span>
          </label>
          <textarea
            id={commentId}
            className={styles.comment}
            rows={3}
            maxLength={1000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <div className={styles.payRow}>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep my plan
            </Button>
            <Button variant="danger" disabled={reason === null} onClick={() => setConfirming(true)}>
              Cancel plan
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Cancel my plan…
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Cancel your plan?"
        confirmLabel="Yes, cancel my plan"
        tone="danger"
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (!reason) return;
          const trimmed = comment.trim();
          cancel.mutate(
            { reason, ...(trimmed ? { comment: trimmed } : {}) },
            { onSettled: () => setConfirming(false) },
          );
        }}
      >
        {endsAtOnce || !paidUntil
          ? 'Your account is paused at once: your epics stop buying and selling, and nothing is sold for you. Anything still unpaid is no longer owed.'
          : `Nothing more will be requested. Your epics keep running until ${formatLongDateTime(paidUntil)}, then stop buying and selling.`}
      </ConfirmDialog>
    </Card>
  );
};
