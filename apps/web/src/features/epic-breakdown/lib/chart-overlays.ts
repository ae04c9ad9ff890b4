import type { TEpicDetail } from '@cdca/contracts';
import type { ChartMarker, ChartPriceLine } from '@/components/charts/price-history-chart.tsx';
import { isTerminalEpicStatus } from '@/lib/epics/epic-status.ts';
import { isLevelFilled } from './epic-detail-cache.ts';

// Filled levels are a quieter green than the take-profit line, so the two never read as the same thing.
const LEVEL_COLOUR = {
  filled: 'rgba(34, 197, 94, 0.55)',
  pending: 'var(--blue)',
  ended: 'var(--faint)',
} as const;

/**
 * The lines the breakdown draws: each DCA level (green once filled, blue while waiting), the average buy rate
 * and the take-profit (which move after every fill), and the stop. Ids are stable so lines move, not flash.
 */
export const epicPriceLines = (detail: TEpicDetail, takeProfit: string | null): ChartPriceLine[] => {
  const ended = isTerminalEpicStatus(detail.status);
  const lines: ChartPriceLine[] = detail.levels.map((level) => {
    const filled = isLevelFilled(level);
    return {
      id: `level-${level.level}`,
      price: level.price,
      label: `L${level.level}`,
      colour: filled ? LEVEL_COLOUR.filled : ended ? LEVEL_COLOUR.ended : LEVEL_COLOUR.pending,
      dashed: !filled,
      width: 1,
    };
  });
  if (detail.avgBuyRate !== null) {
    lines.push({ id: 'average', price: detail.avgBuyRate, label: 'Avg', colour: 'var(--amber)', width: 2 });
  }
  if (takeProfit !== null && !ended) {
    lines.push({
      id: 'take-profit',
      price: takeProfit,
      // Short, as on the create-epic ladder: a line's title takes room from the newest candle (the legend spells it).
      label: 'TP',
      colour: 'var(--accent)',
      width: 2,
    });
  }
  if (detail.plan.stopPrice !== null && !ended) {
    lines.push({
      id: 'stop',
      price: detail.plan.stopPrice,
      label: 'Stop',
      colour: 'var(--red)',
      dashed: true,
    });
  }
  return lines;
};

/** What filled, in two or three characters: 'L2' (a level's buy), 'TP' (take-profit), 'Sold' (liquidation). */
export const fillTag = (detail: TEpicDetail, clientOrderId: string): string => {
  const order = detail.orders.find((candidate) => candidate.clientOrderId === clientOrderId);
  if (!order) return '';
  if (order.purpose === 'buy') return `L${order.level}`;
  return order.purpose === 'take-profit' ? 'TP' : 'Sold';
};

/** One marker per fill, at its price: buys green, sells red, tagged with what filled. */
export const epicFillMarkers = (detail: TEpicDetail): ChartMarker[] =>
  detail.fills.map((fill) => ({
    id: fill.tradeId,
    time: fill.filledAt,
    side: fill.side,
    price: fill.price,
    label: fillTag(detail, fill.clientOrderId),
  }));
