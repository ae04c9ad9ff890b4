import type { TEpicLevelState } from '@cdca/contracts';
import { money } from '@cdca/engine';

export type LevelTone = 'filled' | 'open' | 'waiting' | 'ended' | 'failed';

type LevelCopy = { label: string; tone: LevelTone };

/** Where a level's buy stands, in a trader's words. */
export const levelStateOf = (level: TEpicLevelState): LevelCopy => {
  const partly = !money(level.filledSize).isZero();
  switch (level.orderStatus) {
    case 'filled':
      return { label: 'Filled', tone: 'filled' };
    case 'open':
      return { label: partly ? 'Partly filled' : 'Buy order open', tone: 'open' };
    case 'intent':
      return { label: 'Sending order', tone: 'open' };
    case 'armed':
      return { label: 'Waiting for price', tone: 'waiting' };
    case 'planned':
      return {
        label: level.placement === 'trigger' ? 'Waiting for price' : 'Planned',
        tone: 'waiting',
      };
    case 'cancelled':
      return { label: partly ? 'Partly filled, cancelled' : 'Cancelled', tone: 'ended' };
    case 'expired':
      return { label: 'Expired', tone: 'ended' };
    case 'failed':
      return { label: 'Failed', tone: 'failed' };
  }
};

export const PLACEMENT_LABEL: Record<TEpicLevelState['placement'], string> = {
  immediate: 'At once',
  resting: 'Limit on exchange',
  trigger: 'Price trigger',
};
