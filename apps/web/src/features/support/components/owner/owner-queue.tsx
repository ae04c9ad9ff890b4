import {
  SUPPORT_TICKET_STATUSES,
  SUPPORT_TOPICS,
  type TAdminSupportQuery,
  type TSupportTicketStatus,
  type TSupportTopic,
} from '@cdca/contracts';
import { Timer } from 'lucide-react';
import { useQueue } from '../../api/owner-queue.ts';
import { useLiveSupport } from '../../hooks/use-live-support.ts';
import { useNow } from '../../hooks/use-now.ts';
import { durationLabel, lastActivityLabel, STATUS_LABELS, TOPIC_SHORT } from '../../lib/ticket-labels.ts';
import styles from '../support-threads.module.css';
import { TicketStatusTag } from '../ticket-status-tag.tsx';
import { OwnerThread } from './owner-thread.tsx';

export type OwnerQueueProps = {
  query: TAdminSupportQuery;
  onQueryChange: (query: TAdminSupportQuery) => void;
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
};

/**
 * The owner's support queue (docs/decisions/support-tickets.md): every ticket, public or signed-in, filtered by
 * status and topic, with each ticket's first-response time and the median over the filter; the chosen ticket's
 * thread sits beside it with the account and the linked epic.
 */
export const OwnerQueue = ({ query, onQueryChange, selectedId, onSelect }: OwnerQueueProps) => {
  const queue = useQueue(query);
  const now = useNow();
  useLiveSupport();
  const tickets = queue.data?.tickets ?? [];
  const median = queue.data?.medianFirstResponseSeconds ?? null;

  return (
    <div className={styles.queueLayout} data-has-selection={selectedId !== undefined}>
      <section className={styles.card} aria-labelledby="queue-title">
        <div className={styles.queueHead}>
          <h2 id="queue-title" className={styles.cardTitle}>
            Tickets <span className={styles.count}>{queue.data ? tickets.length : ''}</span>
          </h2>
          <p className={styles.median} data-testid="median-first-response">
            <Timer size={15} aria-hidden="true" /> Median first response:{' '}
            <strong>{median === null ? '—' : durationLabel(median)}</strong>
          </p>
        </div>
        <div className={styles.filters}>
          <fieldset className={styles.chips}>
            <legend className="visually-hidden">Status</legend>
            {([undefined, ...SUPPORT_TICKET_STATUSES] as const).map((status) => (
              <button
                key={status ?? 'all'}
                type="button"
                className={styles.chip}
                aria-pressed={query.status === status}
                onClick={() =>
                  onQueryChange({ ...query, status: status as TSupportTicketStatus | undefined })
                }
              >
                {status ? STATUS_LABELS[status].label : 'All'}
              </button>
            ))}
          </fieldset>
          <label className={styles.topicFilter}>
            <span className="visually-hidden">Topic</span>
            <select
              className={styles.input}
              value={query.topic ?? ''}
              onChange={(event) =>
                onQueryChange({
                  ...query,
                  topic: (event.target.value || undefined) as TSupportTopic | undefined,
                })
              }
            >
              <option value="">All topics</option>
              {SUPPORT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {TOPIC_SHORT[topic]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {queue.isError ? (
          <p className={styles.alert} role="alert">
            We could not load the queue.
          </p>
        ) : tickets.length === 0 && queue.isSuccess ? (
          <p className={styles.emptyText}>No tickets match these filters.</p>
        ) : (
          <ul className={styles.ticketList} aria-label="Support queue">
            {tickets.map((ticket) => (
              <li key={ticket.id}>
                <button
                  type="button"
                  className={styles.ticketRow}
                  aria-current={ticket.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(ticket.id)}
                >
                  <span className={styles.ticketMain}>
                    <span className={styles.ticketSubject}>{ticket.subject}</span>
                    <span className={styles.ticketMeta}>
                      {ticket.email} · {TOPIC_SHORT[ticket.topic]}
                      {ticket.accountId ? '' : ' · public'}
                    </span>
                    <span className={styles.ticketMeta}>
                      {lastActivityLabel(ticket.lastActivityAt, now)} · first response{' '}
                      {ticket.firstResponseSeconds === null
                        ? 'pending'
                        : durationLabel(ticket.firstResponseSeconds)}
                    </span>
                  </span>
                  <TicketStatusTag status={ticket.status} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {selectedId ? (
        <OwnerThread ticketId={selectedId} onBack={() => onSelect(undefined)} now={now} />
      ) : (
        <section className={`${styles.card} ${styles.placeholder}`} aria-label="No ticket chosen">
          <p className={styles.emptyText}>Choose a ticket to read its thread and answer it.</p>
        </section>
      )}
    </div>
  );
};
