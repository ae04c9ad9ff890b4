import type { TBillingSummary } from '@cdca/contracts';
import { Button } from '@/components/ui/button.tsx';
import { useResumePlan } from '../api/resume-plan.ts';
import { formatLongDate } from '../lib/billing-dates.ts';
import styles from './billing.module.css';
import { PausedIntro } from './paused-intro.tsx';

export type NothingDueProps = { accountId: string; summary: TBillingSummary };

/** A de-activated account that owes nothing: a cancelled plan to reactivate, or a question for support. */
export const NothingDue = ({ accountId, summary }: NothingDueProps) => {
  const resume = useResumePlan(accountId);
  if (summary.state === 'cancelled') {
    return (
      <div className={styles.page}>
        <PausedIntro title="Your plan is cancelled">
          {summary.cancellation
            ? `You cancelled on ${formatLongDate(summary.cancellation.cancelledAt)} and your access ended on ${formatLongDate(summary.cancellation.accessUntil)}.`
            : 'Your access has ended.'}{' '}
          Reactivate your plan to start your epics again
          {summary.billingStartedAt ? '; a payment for the next 30 days is requested at once.' : '.'}
        </PausedIntro>
        <div>
          <Button size="lg" loading={resume.isPending} onClick={() => resume.mutate()}>
            Reactivate my plan
          </Button>
        </div>
      </div>
    );
  }
  return (
    <PausedIntro title="Your account is paused">
      Nothing is due on your account, but it is de-activated. Write to us through{' '}
      <a href="/support-public">support</a> and we will sort it out.
    </PausedIntro>
  );
};
