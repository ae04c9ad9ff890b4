import type { TCandle } from '@cdca/contracts';
import { useId, useMemo, useState } from 'react';
import { formatPrice } from '@/lib/format/number.ts';
import { areaPath, chartPoints, linePath } from './chart-geometry.ts';
import styles from './market.module.css';

export type PriceChartProps = { candles: TCandle[]; label: string };

const WIDTH = 1000;
const HEIGHT = 300;
const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A lean SVG area chart of closing prices, green when the range ended up, red when down. */
export const PriceChart = ({ candles, label }: PriceChartProps) => {
  // useId's characters are not valid in url(#…) references.
  const gradientId = `chart-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [hover, setHover] = useState<number | null>(null);
  const closes = useMemo(() => candles.map((candle) => Number(candle.close)), [candles]);
  const points = useMemo(() => chartPoints(closes, WIDTH, HEIGHT), [closes]);
  const first = closes[0] ?? 0;
  const last = closes.at(-1) ?? 0;
  const colour = last >= first ? 'var(--accent)' : 'var(--red)';
  const hovered = hover === null ? undefined : candles[hover];
  const hoveredPoint = hover === null ? undefined : points[hover];

  if (candles.length < 2) return <div className={styles.chartEmpty}>Not enough price history yet.</div>;

  return (
    <div
      className={styles.chart}
      onPointerMove={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        const ratio = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
        setHover(Math.round(ratio * (candles.length - 1)));
      }}
      onPointerLeave={() => setHover(null)}
    >
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label}>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={colour} stopOpacity="0.28" />
            <stop offset="100%" stopColor={colour} stopOpacity="0" />
          </linearGradient>
        </defs>
        {[0.25, 0.5, 0.75].map((line) => (
          <line
            key={line}
            x1="0"
            x2={WIDTH}
            y1={HEIGHT * line}
            y2={HEIGHT * line}
            stroke="var(--border)"
            strokeDasharray="4 6"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <path d={areaPath(points, HEIGHT)} fill={`url(#${gradientId})`} />
        <path
          d={linePath(points)}
          fill="none"
          stroke={colour}
          strokeWidth="2"
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
        {hoveredPoint ? (
          <line
            x1={hoveredPoint.x}
            x2={hoveredPoint.x}
            y1="0"
            y2={HEIGHT}
            stroke="var(--border-strong)"
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
      </svg>
      {hovered && hoveredPoint ? (
        <div
          className={styles.chartTip}
          style={{ left: `${Math.min(88, Math.max(12, (hoveredPoint.x / WIDTH) * 100))}%` }}
        >
          {formatPrice(hovered.close)}
          <span>{timeFormat.format(new Date(hovered.start))}</span>
        </div>
      ) : null}
    </div>
  );
};
