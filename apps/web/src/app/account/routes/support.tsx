import { GraduationCap, MessagesSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, buttonClassName } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { paths } from '@/config/routes.ts';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { useMyTickets } from '@/features/support/api/list-my-tickets.ts';
import { NewTicketForm } from '@/features/support/components/new-ticket-form.tsx';
import styles from '@/features/support/components/support-threads.module.css';
import { TicketList } from '@/features/support/components/ticket-list.tsx';
import { useLiveSupport } from '@/features/support/hooks/use-live-support.ts';
import { useNow } from '@/features/support/hooks/use-now.ts';

/** /support: the trader's tickets, a new one, and the community server (docs/decisions/support-tickets.md). */
export default function SupportRoute() {
  const config = useRuntimeConfig();
  const tickets = useMyTickets();
  const [, navigate] = useLocation();
  const now = useNow();
  const [composing, setComposing] = useState(false);
  useLiveSupport();
  const list = tickets.data?.tickets ?? [];
  const showForm = composing || (tickets.isSuccess && list.length === 0);

  return (
    <>
      <PageHeader
        title="Support"
        subtitle="Questions about your account, billing or an epic: the team answers here."
        actions={
          showForm ? undefined : (
            <Button onClick={() => setComposing(true)}>
              <Plus size={18} aria-hidden="true" /> New ticket
            </Button>
          )
        }
      />
      <div className={styles.supportLayout}>
        <div className={styles.supportMain}>
          {showForm ? (
            <section className={styles.card} aria-labelledby="new-ticket-title">
              <h2 id="new-ticket-title" className={styles.cardTitle}>
                New ticket
              </h2>
              <NewTicketForm
                onOpened={(id) => navigate(`/support/${id}`)}
                onCancel={list.length > 0 ? () => setComposing(false) : undefined}
              />
            </section>
          ) : null}
          <section className={styles.card} aria-labelledby="tickets-title">
            <h2 id="tickets-title" className={styles.cardTitle}>
              Your tickets
            </h2>
            <QueryState
              query={tickets}
              loading={{ label: 'Loading your tickets', rows: 3, height: 64, radius: 14 }}
              errorMessage="We could not load your tickets."
              isEmpty={list.length === 0}
              empty={<p className={styles.emptyText}>No tickets yet. Ask us anything with the form above.</p>}
            >
              <TicketList tickets={list} hrefOf={(ticket) => `/support/${ticket.id}`} now={now} />
            </QueryState>
          </section>
        </div>
        <aside className={styles.supportMain}>
          <section className={styles.card} aria-labelledby="academy-title">
            <h2 id="academy-title" className={styles.cardTitle}>
              Learn how it works
            </h2>
            <p className={styles.mutedText}>
              Short lessons on ladders, spreads, fees and stops, each with the real planner to try.
            </p>
            <Link className={buttonClassName('secondary')} to={paths.academy}>
              <GraduationCap size={18} aria-hidden="true" /> Open the Academy
            </Link>
          </section>
          <section className={styles.card} aria-labelledby="community-title">
            <h2 id="community-title" className={styles.cardTitle}>
              Ask the community
            </h2>
            <p className={styles.mutedText}>
              Traders and the team also answer in the support channel of our Discord server, often within
              minutes.
            </p>
            <a
              className={buttonClassName('secondary')}
              href={config.links.discordInvite}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MessagesSquare size={18} aria-hidden="true" /> Open Discord
            </a>
          </section>
        </aside>
      </div>
    </>
  );
}
