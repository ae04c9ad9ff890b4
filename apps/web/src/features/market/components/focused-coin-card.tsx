import type { TCoin } from '@cdca/contracts';
import { type ReactNode, useState } from 'react';
import { Card } from '@/components/ui/card.tsx';
import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import { PriceChange } from '@/components/ui/price-change.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { formatCompactUsd, formatPrice } from '@/lib/format/number.ts';
import { CHART_RANGES, type ChartRange, useCandles } from '../api/get-candles.ts';
import { useCoin } from '../api/get-coin.ts';
import styles from './market.module.css';
import { PriceChart } from './price-chart.tsx';

export type FocusedCoinCardProps = {
  coin: TCoin;
  /** An action on this coin composed by the route, e.g. "Start epic". */
  action?: ReactNode;
};

const RANGES = Object.keys(CHART_RANGES) as ChartRange[];

/** The focused coin: live price, 24 h change, a price chart and its market facts. */
export const FocusedCoinCard = ({ coin: initial, action }: FocusedCoinCardProps) => {
  const [range, setRange] = useState<ChartRange>('1D');
  const coin = useCoin(initial.id, initial).data ?? initial;
  const candles = useCandles(coin.id, range);

  return (
    <Card as="section" aria-label={`${coin.name} price`}>
      <div className={styles.coinHead}>
        <div className={styles.coinId}>
          <CoinAvatar photo={coin.photo} symbol={coin.symbol} size={40} />
          <div style={{ minWidth: 0 }}>
            <p className={styles.coinName}>{coin.name}</p>
            <p className={styles.coinSymbol}>{coin.symbol}</p>
          </div>
          {coin.status === 'online' ? null : <Tag tone="amber">{coin.status}</Tag>}
        </div>
        <fieldset className={styles.ranges}>
          <legend className="visually-hidden">Chart range</legend>
          {RANGES.map((item) => (
            <button
              key={item}
              type="button"
              className={styles.range}
              aria-pressed={item === range}
              onClick={() => setRange(item)}
            >
              {item}
            </button>
          ))}
        </fieldset>
      </div>
      <div className={styles.priceLine}>
        <span className={styles.price} data-testid="focused-price">
          {formatPrice(coin.price)}
        </span>
        <PriceChange percent={coin.change24h} pill size={15} />
        <span className={styles.muted}>24h</span>
        {action ? <span className={styles.priceAction}>{action}</span> : null}
      </div>
      {candles.isPending ? (
        <div className={styles.chart}>
          <Skeleton height="100%" radius={10} />
        </div>
      ) : candles.isError ? (
        <div className={styles.chart}>
          <div className={styles.chartEmpty} role="alert">
            The price history could not be loaded.
          </div>
        </div>
      ) : (
        <PriceChart candles={candles.data} label={`${coin.symbol} price over ${range}`} />
      )}
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>24h volume</dt>
          <dd>{formatCompactUsd(coin.volume24h)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Rank</dt>
          <dd>{coin.rank === null ? '—' : `#${coin.rank}`}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Updated</dt>
          <dd>
            {new Date(coin.updatedAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}
          </dd>
        </div>
      </dl>
    </Card>
  );
};
