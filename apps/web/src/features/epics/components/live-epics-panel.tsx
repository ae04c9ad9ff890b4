import { Layers, Plus } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { LiveBadge } from '@/components/ui/live-badge.tsx';
import { Panel } from '@/components/ui/panel.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useLiveEpics } from '../api/get-live-epics.ts';
import { LiveEpicRow } from './live-epic-row.tsx';
import styles from './live-epics.module.css';

export type LiveEpicsPanelProps = {
  /** The coin's live price (the route reads it from the market's cache, which coin.updated keeps current). */
  priceOf: (coinId: string) => string | undefined;
  newEpicPath: string;
};

/** The trader's running epics, kept current by realtime events (see useLiveEpicsSync). */
export const LiveEpicsPanel = ({ priceOf, newEpicPath }: LiveEpicsPanelProps) => {
  const epics = useLiveEpics();
  const list = epics.data?.epics ?? [];
  return (
    <Panel
      titleId="live-epics-title"
      title="Live epics"
      icon={<Layers size={17} aria-hidden="true" />}
      aside={
        epics.data ? (
          <span className={styles.count}>
            {list.length} running <LiveBadge className={styles.live} />
          </span>
        ) : null
      }
    >
      <QueryState
        query={epics}
        loading={{ label: 'Loading your epics', rows: 2, height: 118, radius: 10 }}
        errorMessage="Your epics could not be loaded."
        isEmpty={list.length === 0}
        empty={<NoEpicsYet newEpicPath={newEpicPath} />}
      >
        <ul className={styles.list} aria-label="Live epics">
          {list.map((epic) => (
            <LiveEpicRow key={epic.id} epic={epic} price={priceOf(epic.coin.id)} />
          ))}
        </ul>
      </QueryState>
    </Panel>
  );
};

/** The first-run state: what an epic is and the three steps to start one. */
const NoEpicsYet = ({ newEpicPath }: { newEpicPath: string }) => (
  <div className={styles.empty}>
    <p className={styles.emptyTitle}>No epics running</p>
    <p className={styles.emptyText}>
      An epic buys a coin in levels as its price dips and sells everything once it is back above your average
      plus your profit target. Start one in three steps:
    </p>
    <ol className={styles.steps}>
      <li>
        <strong>Pick a coin</strong> from today's top movers, your watchlist or the search.
      </li>
      <li>
        <strong>Set a budget and levels</strong> — the ladder preview shows every order before anything is
        placed.
      </li>
      <li>
        <strong>Confirm with Create Epic</strong> and follow it here, live.
      </li>
    </ol>
    <ButtonLink to={newEpicPath} className={styles.emptyAction}>
      <Plus size={16} aria-hidden="true" />
      Create your first epic
    </ButtonLink>
  </div>
);
