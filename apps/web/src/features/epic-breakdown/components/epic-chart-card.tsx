import type { TCandle, TEpicDetail } from '@cdca/contracts';
import { useMemo } from 'react';
import { type ChartPriceLine, PriceHistoryChart } from '@/components/charts/price-history-chart.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useMediaQuery } from '@/hooks/use-media-query.ts';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatPrice } from '@/lib/format/number.ts';
import { livenessLabel } from '@/lib/realtime/liveness.ts';
import { useRealtimeStatus } from '@/lib/realtime/realtime-context.ts';
import { epicFillMarkers, epicPriceLines } from '../lib/chart-overlays.ts';
import styles from './breakdown.module.css';
import { SectionCard } from './section-card.tsx';

export type EpicChartCardProps = {
  detail: TEpicDetail;
  candles: readonly TCandle[] | undefined;
  takeProfit: string | null;
};

/** The legend explains only the lines actually drawn (chart-overlays.ts). */
const legendFor = (lines: readonly ChartPriceLine[]) => {
  const has = (id: string) => lines.some((line) => line.id === id);
  const levels = lines.filter((line) => line.id.startsWith('level-'));
  return [
    { label: 'Level filled', colour: 'var(--accent)', dashed: false, shown: levels.some((l) => !l.dashed) },
    {
      label: 'Level waiting',
      colour: 'var(--blue)',
      dashed: true,
      shown: levels.some((l) => l.dashed && l.colour === 'var(--blue)'),
    },
    {
      label: 'Level not bought',
      colour: 'var(--faint)',
      dashed: true,
      shown: levels.some((l) => l.dashed && l.colour === 'var(--faint)'),
    },
    { label: 'Average', colour: 'var(--amber)', dashed: false, shown: has('average') },
    { label: 'Take profit', colour: 'var(--accent)', dashed: false, shown: has('take-profit') },
    { label: 'Stop', colour: 'var(--red)', dashed: true, shown: has('stop') },
  ].filter((item) => item.shown);
};

/** The coin's price with the epic drawn over it; lines and markers move as events arrive. */
export const EpicChartCard = ({ detail, candles, takeProfit }: EpicChartCardProps) => {
  const narrow = useMediaQuery('(max-width: 650px)');
  const height = narrow ? 280 : 400;
  const lines = useMemo(() => epicPriceLines(detail, takeProfit), [detail, takeProfit]);
  const markers = useMemo(() => epicFillMarkers(detail), [detail]);
  const legend = legendFor(lines);
  const liveness = livenessLabel(useRealtimeStatus());
  const last = candles?.at(-1)?.close;
  return (
    <SectionCard
      titleId="epic-chart-title"
      title={`${baseSymbol(detail.coinSymbol)} price`}
      note={`Levels, fills, average and take-profit · ${liveness}`}
    >
      {candles ? (
        <PriceHistoryChart
          candles={candles}
          height={height}
          kind="candles"
          // The canvas says nothing to a screen reader (nor to a journey): the label carries the last price drawn.
          label={`${detail.coin.name} price with the epic's levels, average and take-profit${last ? `, last ${formatPrice(last)}` : ''}`}
          priceLines={lines}
          markers={markers}
          fitKey={detail.id}
          emptyText="Price history is on its way."
        />
      ) : (
        <Skeleton height={height} radius={8} />
      )}
      <ul className={styles.legend} aria-label="Chart legend">
        {legend.map((item) => (
          <li key={item.label} className={styles.legendItem} style={{ color: item.colour }}>
            <span className={`${styles.swatch} ${item.dashed ? styles.swatchDashed : ''}`} />
            <span className={styles.muted}>{item.label}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
};
