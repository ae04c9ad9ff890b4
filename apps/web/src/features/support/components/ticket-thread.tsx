import type { TSupportThread } from '@cdca/contracts';
import { useNow } from '../hooks/use-now.ts';
import { TOPIC_LABELS } from '../lib/ticket-labels.ts';
import { LinkedContext } from './linked-context.tsx';
import { ReplyBox } from './reply-box.tsx';
import styles from './support-threads.module.css';
import { ThreadMessages } from './thread-messages.tsx';
import { TicketStatusTag } from './ticket-status-tag.tsx';

/** The trader's view of one ticket: its subject and state, what it is about, the conversation and the reply box. */
export const TicketThread = ({ thread }: { thread: TSupportThread }) => {
  const now = useNow();
  const { ticket } = thread;
  return (
    <article className={styles.threadCard} aria-labelledby="ticket-subject">
      <header className={styles.threadHead}>
        <div>
          <h1 id="ticket-subject" className={styles.threadTitle}>
            {ticket.subject}
          </h1>
          <p className={styles.ticketMeta}>
            {TOPIC_LABELS[ticket.topic]} · Ref {ticket.id.slice(0, 8).toUpperCase()}
          </p>
        </div>
        <TicketStatusTag status={ticket.status} />
      </header>
      <LinkedContext epic={thread.epic} payment={thread.payment} epicHref={(id) => `/epic/${id}`} />
      <ThreadMessages messages={thread.messages} viewer="trader" traderName="You" now={now} />
      <ReplyBox side="trader" ticketId={ticket.id} status={ticket.status} />
    </article>
  );
};
