import { RANK_TIERS, type TRankProgress } from '@cdca/contracts';
import { Trophy } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Card } from '@/components/ui/card.tsx';
import { formatUsd } from '@/lib/format/number.ts';
import { formatThreshold, RANK_COLOURS, tierName } from '../lib/rank-colours.ts';
import styles from './rank.module.css';
import { RankLadder } from './rank-ladder.tsx';

export type RankPanelProps = { rank: TRankProgress };

/** The held tier in its colour, the way to the next tier in dollars and percent, and the whole ladder. */
export const RankPanel = ({ rank }: RankPanelProps) => {
  const { tier, next } = rank;
  const tint = { '--tier': RANK_COLOURS[tier] } as CSSProperties;
  return (
    <div className={styles.layout}>
      <Card className={styles.current} style={tint}>
        <div className={styles.heading}>
          <span className={styles.badge} aria-hidden="true">
            <Trophy size={28} />
          </span>
          <div>
            <p className={styles.label}>Your rank</p>
            <p className={styles.tier} data-tier={tier}>
              {tierName(tier)}
            </p>
          </div>
          <div className={styles.profit}>
            <p className={styles.label}>Lifetime realised profit</p>
            <p className={styles.amount}>{formatUsd(rank.lifetimeRealisedProfit)}</p>
          </div>
        </div>
        {next ? (
          <div className={styles.progress}>
            <div className={styles.progressText}>
              <span>
                <strong>{formatUsd(next.remaining)}</strong> to {tierName(next.tier)}
              </span>
              <span className={styles.percent}>{next.percent}%</span>
            </div>
            <div
              className={styles.bar}
              role="progressbar"
              aria-label={`Progress to ${tierName(next.tier)}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Number(next.percent)}
              aria-valuetext={`${next.percent}% — ${formatUsd(next.remaining)} to go`}
            >
              <span
                className={styles.fill}
                style={{ width: `${next.percent}%`, background: RANK_COLOURS[tier] }}
              />
            </div>
            <p className={styles.hint}>
              {tierName(next.tier)} starts at {formatThreshold(next.threshold)} of realised profit. A loss
              never takes a tier away.
            </p>
          </div>
        ) : (
          <p className={styles.hint}>Hero is the top tier. Every tier is yours.</p>
        )}
      </Card>
      <Card className={styles.ladderCard}>
        <h2 className={styles.ladderTitle}>All tiers</h2>
        <RankLadder current={tier} />
        <p className={styles.hint}>
          {RANK_TIERS.length} tiers, held from these amounts of lifetime realised profit.
        </p>
      </Card>
    </div>
  );
};
