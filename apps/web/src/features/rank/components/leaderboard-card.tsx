import { Users } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useLeaderboard, useLeaderboardPreferences } from '../api/leaderboard.ts';
import styles from './leaderboard.module.css';
import { LeaderboardChoices } from './leaderboard-choices.tsx';
import { LeaderboardTable } from './leaderboard-table.tsx';

/**
 * The opt-in leaderboard on /rank: return on capital over the last 30 days (realised profit ÷ capital used, the
 * stats report's figures), names or anonymous handles, dollars only for traders who show them.
 */
export const LeaderboardCard = () => {
  const board = useLeaderboard();
  const preferences = useLeaderboardPreferences();
  return (
    <Card as="section" aria-labelledby="leaderboard-title" className={styles.card}>
      <div className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          <Users size={20} />
        </span>
        <div>
          <h2 id="leaderboard-title" className={styles.title}>
            Leaderboard
          </h2>
          <p className={styles.subtitle}>
            Return on capital over the last 30 days: realised profit ÷ capital used. Opt-in only.
          </p>
        </div>
      </div>
      <div className={styles.body}>
        <div className={styles.boardColumn}>
          {board.isPending ? (
            <div className={styles.loading} role="status" aria-label="Loading the leaderboard">
              <Skeleton height={28} />
              <Skeleton height={28} />
              <Skeleton height={28} />
            </div>
          ) : board.isError ? (
            <div className={styles.failed}>
              <p>The leaderboard could not be loaded.</p>
              <Button variant="secondary" onClick={() => void board.refetch()}>
                Try again
              </Button>
            </div>
          ) : board.data.entries.length === 0 ? (
            <p className={styles.empty}>
              Nobody has joined in the last 30 days yet. Switch yourself on and close an epic to be the first.
            </p>
          ) : (
            <LeaderboardTable board={board.data} />
          )}
        </div>
        <div className={styles.choicesColumn}>
          <h3 className={styles.choicesTitle}>Your place on it</h3>
          {preferences.data ? (
            <LeaderboardChoices preferences={preferences.data} />
          ) : preferences.isError ? (
            <p className={styles.failedText}>Your choices could not be loaded.</p>
          ) : (
            <Skeleton height={120} />
          )}
        </div>
      </div>
    </Card>
  );
};
