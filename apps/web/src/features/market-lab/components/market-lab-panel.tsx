import type { TPaperProductAvailability } from '@cdca/contracts';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Card } from '@/components/ui/card.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { formatPrice } from '@/lib/format/number.ts';
import { toast } from '@/lib/toast.ts';
import styles from './market-lab.module.css';
import { ModeControls } from './mode-controls.tsx';
import { PriceForm } from './price-form.tsx';
import { ScriptForm } from './script-form.tsx';

export type MarketLabPanelProps = {
  /** The paper product, e.g. 'SOL-USD' (the coin's symbol). */
  productId: string;
  /** Its live price (kept current by the route from coin.updated). */
  price: string;
  /** After every control the server accepted: the route re-reads the coin rather than wait for coin.updated. */
  onApplied?: () => void;
};

type Applied = { message: string; at: Date };

const clockTime = (at: Date) =>
  at.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** The owner's levers on one paper product: a price, a scripted path, and its trading mode. */
export const MarketLabPanel = ({ productId, price, onApplied }: MarketLabPanelProps) => {
  const titleId = useId();
  const [mode, setMode] = useState<TPaperProductAvailability>();
  const [last, setLast] = useState<Applied>();

  const applied = (message: string) => {
    setLast({ message, at: new Date() });
    toast.success(message);
    onApplied?.();
  };

  return (
    <Card as="section" aria-labelledby={titleId} className={styles.panel}>
      <div className={styles.panelHead}>
        <h2 id={titleId} className={styles.panelTitle}>
          <SlidersHorizontal size={18} aria-hidden="true" />
          Drive {productId}
        </h2>
        <span className={styles.headAside}>
          <span className={styles.headPrice}>
            <span>Now</span>
            {formatPrice(price)}
          </span>
          <Tag tone="blue">Paper market</Tag>
        </span>
      </div>
      <p className={styles.last} role="status">
        {last ? (
          <>
            <span className={styles.lastTime}>{clockTime(last.at)}</span> {last.message}
          </>
        ) : (
          'Nothing changed from here yet. Changes reach every screen within a few seconds.'
        )}
      </p>
      <div className={styles.controls}>
        <PriceForm productId={productId} price={price} onApplied={applied} />
        <ScriptForm productId={productId} onApplied={applied} />
        <ModeControls
          productId={productId}
          current={mode}
          onApplied={(next, message) => {
            setMode(next);
            applied(message);
          }}
        />
      </div>
    </Card>
  );
};
