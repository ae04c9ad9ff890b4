import { FlaskConical } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import styles from './market-lab.module.css';

export type MarketLabLayoutProps = {
  /** The coin search, composed by the route. */
  picker: ReactNode;
  /** The chosen coin's live card and its controls, or NoCoinChosen. */
  children: ReactNode;
};

/** The lab's page: pick a coin at the top, then what is known and what can be done about it. */
export const MarketLabLayout = ({ picker, children }: MarketLabLayoutProps) => {
  const titleId = useId();
  return (
    <div className={styles.lab}>
      <Card as="section" aria-labelledby={titleId} className={styles.picker}>
        <div>
          <h2 id={titleId} className={styles.panelTitle}>
            <FlaskConical size={18} aria-hidden="true" />
            Market lab
          </h2>
          <p className={styles.muted}>
            Drive the paper market for demos and tests: every trader on this server sees the same prices. Pick
            a coin by symbol or name. A delisted coin leaves the search, but this page's address keeps it, so
            you can bring it back.
          </p>
        </div>
        {picker}
      </Card>
      {children}
    </div>
  );
};

export const NoCoinChosen = () => (
  <EmptyState icon={<FlaskConical size={26} />} title="Pick a coin to drive">
    Its live price, chart and the controls appear here: set a price, play a path of prices, halt it or delist
    it.
  </EmptyState>
);
