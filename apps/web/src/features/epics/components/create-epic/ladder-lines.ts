import type { TEpicPlan } from '@cdca/contracts';
import type { ChartPriceLine } from '@/components/charts/price-history-chart.tsx';

const LEVEL_COLOUR = {
  immediate: 'var(--accent)',
  resting: 'var(--blue)',
  trigger: 'var(--amber)',
} as const;

/** The plan drawn on the price chart: each level, the first take-profit and the stop. */
export const ladderLines = (plan: TEpicPlan | undefined): ChartPriceLine[] => {
  if (!plan) return [];
  const lines: ChartPriceLine[] = plan.levels.map((level) => ({
    id: `level-${level.level}`,
    price: level.price,
    label: `L${level.level}`,
    colour: LEVEL_COLOUR[level.placement],
    dashed: level.placement !== 'immediate',
  }));
  const first = plan.levels[0];
  if (first) {
    lines.push({
      id: 'take-profit',
      price: first.takeProfitPrice,
      label: 'TP',
      colour: 'var(--accent)',
      width: 2,
    });
  }
  if (plan.stopPrice) {
    lines.push({ id: 'stop', price: plan.stopPrice, label: 'Stop', colour: 'var(--red)', width: 2 });
  }
  return lines;
};
