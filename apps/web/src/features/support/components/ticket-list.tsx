import type { TSupportTicketSummary } from '@cdca/contracts';
import { ChevronRight, MessageSquareReply } from 'lucide-react';
import { Link } from 'wouter';
import { lastActivityLabel, TOPIC_SHORT } from '../lib/ticket-labels.ts';
import styles from './support-threads.module.css';
import { TicketStatusTag } from './ticket-status-tag.tsx';

export type TicketListProps = {
  tickets: readonly TSupportTicketSummary[];
  /** Where a row leads: the trader's thread page. */
  hrefOf: (ticket: TSupportTicketSummary) => string;
  now: Date;
};

/** The trader's tickets, newest activity first; an answer waiting to be read says so. */
export const TicketList = ({ tickets, hrefOf, now }: TicketListProps) => (
  <ul className={styles.ticketList} aria-label="Your tickets">
    {tickets.map((ticket) => {
      const answered = ticket.status === 'answered' && ticket.lastAuthor === 'owner';
      return (
        <li key={ticket.id}>
          <Link to={hrefOf(ticket)} className={styles.ticketRow} data-status={ticket.status}>
            <span className={styles.ticketMain}>
              <span className={styles.ticketSubject}>{ticket.subject}</span>
              <span className={styles.ticketMeta}>
                {TOPIC_SHORT[ticket.topic]} · {ticket.messageCount}{' '}
                {ticket.messageCount === 1 ? 'message' : 'messages'} ·{' '}
                {lastActivityLabel(ticket.lastActivityAt, now)}
              </span>
              {answered ? (
                <span className={styles.ticketHint}>
                  <MessageSquareReply size={14} aria-hidden="true" /> Support replied
                </span>
              ) : null}
            </span>
            <TicketStatusTag status={ticket.status} />
            <ChevronRight size={18} className={styles.chevron} aria-hidden="true" />
          </Link>
        </li>
      );
    })}
  </ul>
);
