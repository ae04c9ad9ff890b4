import { RANK_TIERS, type TRankTier } from '@cdca/contracts';
import { RANK_THRESHOLDS } from '@cdca/engine';
import { Check } from 'lucide-react';
import type { CSSProperties } from 'react';
import { formatThreshold, RANK_COLOURS, tierName } from '../lib/rank-colours.ts';
import styles from './rank.module.css';

export type RankLadderProps = { current: TRankTier };

/** Every tier with its threshold, lowest first: reached tiers ticked, the held one highlighted. */
export const RankLadder = ({ current }: RankLadderProps) => {
  const held = RANK_TIERS.indexOf(current);
  return (
    <ol className={styles.ladder} aria-label="Rank tiers">
      {RANK_TIERS.map((tier, index) => {
        const state = index === held ? 'current' : index < held ? 'reached' : 'ahead';
        return (
          <li
            key={tier}
            className={styles.step}
            data-state={state}
            aria-current={state === 'current' ? 'true' : undefined}
            style={{ '--tier': RANK_COLOURS[tier] } as CSSProperties}
          >
            <span className={styles.dot} aria-hidden="true">
              {state === 'ahead' ? null : <Check size={12} strokeWidth={3} />}
            </span>
            <span className={styles.stepName}>{tierName(tier)}</span>
            <span className={styles.stepState}>
              {state === 'current' ? 'Your tier' : state === 'reached' ? 'Reached' : ''}
            </span>
            <span className={styles.threshold}>{formatThreshold(RANK_THRESHOLDS[tier])}</span>
          </li>
        );
      })}
    </ol>
  );
};
