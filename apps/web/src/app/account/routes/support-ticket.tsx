import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { QueryState } from '@/components/ui/query-state.tsx';
import { paths } from '@/config/routes.ts';
import { useTicketThread } from '@/features/support/api/get-ticket-thread.ts';
import styles from '@/features/support/components/support-threads.module.css';
import { TicketThread } from '@/features/support/components/ticket-thread.tsx';
import { useLiveSupport } from '@/features/support/hooks/use-live-support.ts';
import { isApiError } from '@/lib/http/api-error.ts';

/** /support/{ticketId}: one ticket's thread; an owner's answer arrives live (support-ticket.updated). */
export default function SupportTicketRoute() {
  const { ticketId = '' } = useParams();
  const thread = useTicketThread(ticketId);
  useLiveSupport();
  const missing = isApiError(thread.error, 'not-found') || isApiError(thread.error, 'validation-failed');
  return (
    <div className={styles.threadPage}>
      <Link to={paths.support} className={styles.backLink}>
        <ArrowLeft size={16} aria-hidden="true" /> All tickets
      </Link>
      {missing ? (
        <p className={styles.emptyText}>This ticket does not exist, or it is not yours.</p>
      ) : (
        <QueryState
          query={thread}
          loading={{ label: 'Loading the ticket', rows: 3, height: 90, radius: 16 }}
          errorMessage="We could not load this ticket."
          isEmpty={false}
          empty={null}
        >
          {thread.data ? <TicketThread thread={thread.data} /> : null}
        </QueryState>
      )}
    </div>
  );
}
