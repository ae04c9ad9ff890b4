import type { TLeaderboardPreferences } from '@cdca/contracts';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Toggle } from '@/components/ui/toggle.tsx';
import { useUpdateLeaderboardPreferences } from '../api/leaderboard.ts';
import styles from './leaderboard.module.css';

export type LeaderboardChoicesProps = { preferences: TLeaderboardPreferences };

/**
 * The trader's own switches: appear or not, show dollars or not, and the name shown (the anonymous handle when
 * none). Nobody is listed without choosing to (docs/decisions/rank-tiers.md, leaderboard privacy).
 */
export const LeaderboardChoices = ({ preferences }: LeaderboardChoicesProps) => {
  const update = useUpdateLeaderboardPreferences();
  const nameId = useId();
  const [name, setName] = useState(preferences.displayName ?? '');
  useEffect(() => setName(preferences.displayName ?? ''), [preferences.displayName]);
  const trimmed = name.trim();
  const unchanged = trimmed === (preferences.displayName ?? '');

  return (
    <div className={styles.choices}>
      <Toggle
        label="Show me on the leaderboard"
        description="your return only, under your name or handle"
        checked={preferences.optedIn}
        onChange={(checked) => update.mutate({ optedIn: checked })}
      />
      <Toggle
        label="Show my dollar amounts"
        description="your realised profit next to your return"
        checked={preferences.showDollars}
        disabled={!preferences.optedIn}
        onChange={(checked) => update.mutate({ showDollars: checked })}
      />
      <form
        className={styles.nameForm}
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ displayName: trimmed === '' ? null : trimmed });
        }}
      >
        <label htmlFor={nameId} className={styles.nameLabel}>
          Display name
        </label>
        <div className={styles.nameRow}>
          <input
            id={nameId}
            className={styles.nameInput}
            value={name}
            maxLength={24}
            placeholder={preferences.handle}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={unchanged || update.isPending}>
            Save name
          </Button>
        </div>
        <p className={styles.hint}>
          Leave it empty to appear as <strong>{preferences.handle}</strong>. Your e-mail is never shown.
        </p>
      </form>
    </div>
  );
};
