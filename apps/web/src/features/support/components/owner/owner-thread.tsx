import { ArrowLeft } from 'lucide-react';
import { useQueueThread } from '../../api/owner-queue.ts';
import { durationLabel, TOPIC_LABELS } from '../../lib/ticket-labels.ts';
import { LinkedContext } from '../linked-context.tsx';
import { ReplyBox } from '../reply-box.tsx';
import styles from '../support-threads.module.css';
import { ThreadMessages } from '../thread-messages.tsx';
import { TicketStatusTag } from '../ticket-status-tag.tsx';

export type OwnerThreadProps = { ticketId: string; onBack: () => void; now: Date };

/** One ticket as the owner answers it: the thread, and beside it who wrote and what about. */
export const OwnerThread = ({ ticketId, onBack, now }: OwnerThreadProps) => {
  const thread = useQueueThread(ticketId);
  if (thread.isPending) {
    return <section className={styles.card} aria-busy="true" aria-label="Loading the ticket" />;
  }
  if (thread.isError || !thread.data) {
    return (
      <section className={styles.card}>
        <p className={styles.alert} role="alert">
          We could not load this ticket.
        </p>
      </section>
    );
  }
  const { ticket, account, messages, epic, payment } = thread.data;
  return (
    <article className={styles.threadCard} aria-labelledby="queue-ticket-subject">
      <button type="button" className={`${styles.backLink} ${styles.mobileOnly}`} onClick={onBack}>
        <ArrowLeft size={16} aria-hidden="true" /> Queue
      </button>
      <header className={styles.threadHead}>
        <div>
          <h2 id="queue-ticket-subject" className={styles.threadTitle}>
            {ticket.subject}
          </h2>
          <p className={styles.ticketMeta}>
            {TOPIC_LABELS[ticket.topic]} · Ref {ticket.id.slice(0, 8).toUpperCase()} · first response{' '}
            {ticket.firstResponseSeconds === null ? 'pending' : durationLabel(ticket.firstResponseSeconds)}
          </p>
        </div>
        <TicketStatusTag status={ticket.status} />
      </header>
      <dl className={styles.context} aria-label="Who wrote">
        <div className={styles.contextItem}>
          <dt>Account</dt>
          <dd>
            {account ? (
              <>
                <strong>{account.email}</strong> · {account.status} · {account.accountRank} rank
              </>
            ) : (
              <>
                <strong>{ticket.email}</strong>
                {ticket.name ? ` (${ticket.name})` : ''} · public form, no account yet
              </>
            )}
          </dd>
        </div>
      </dl>
      <LinkedContext epic={epic} payment={payment} />
      <ThreadMessages messages={messages} viewer="owner" traderName={ticket.name ?? ticket.email} now={now} />
      <ReplyBox side="owner" ticketId={ticket.id} status={ticket.status} />
    </article>
  );
};
