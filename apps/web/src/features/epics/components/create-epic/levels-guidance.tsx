import type { TEpicInputs } from '@cdca/contracts';
import { levelWeights } from '@cdca/engine';
import { Button } from '@/components/ui/button.tsx';
import styles from './create-epic.module.css';

export type LevelsGuidanceProps = {
  /** undefined: every level meets the minimum; null: not even one level does; n: the most that do. */
  cap: number | null | undefined;
  levels: number;
  scaling: TEpicInputs['scaling'];
  load: TEpicInputs['load'];
  onUse: (levels: number) => void;
};

/**
 * When a level falls under the exchange minimum, say how many levels this budget can carry and offer it.
 * Exponential ladders get their own explanation: doubling makes the first level tiny very quickly.
 */
export const LevelsGuidance = ({ cap, levels, scaling, load, onUse }: LevelsGuidanceProps) => {
  if (cap === undefined || !Number.isFinite(levels)) return null;
  if (cap === null) {
    return (
      <p className={styles.guide}>
        Even a single level of this budget is under the exchange's minimum order — raise the budget.
      </p>
    );
  }
  if (cap >= levels) return null;
  const weights = levelWeights(scaling, load, levels);
  const share = Math.round(weights.reduce((sum, weight) => sum + weight, 0) / Math.min(...weights));
  return (
    <div className={styles.guide} data-testid="levels-guidance">
      <p>
        {scaling === 'exponential'
          ? `Exponential scaling doubles each level, so with ${levels} levels the smallest gets 1/${share.toLocaleString('en-US')} of the budget — under the exchange's minimum order. `
          : 'With this many levels the smallest one is under the exchange’s minimum order. '}
        This budget carries at most <strong>{cap}</strong> {cap === 1 ? 'level' : 'levels'}.
      </p>
      <Button size="sm" variant="secondary" onClick={() => onUse(cap)}>
        Use {cap} {cap === 1 ? 'level' : 'levels'}
      </Button>
    </div>
  );
};
