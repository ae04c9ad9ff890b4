import { Calculator } from 'lucide-react';
import { useState } from 'react';
import { formatPrice } from '@/lib/format/number.ts';
import type { TBreakEvenAttributes } from '../../content/directives.ts';
import { breakEvenFigures } from '../../lib/break-even.ts';
import styles from '../academy.module.css';
import { WidgetCard } from './widget-card.tsx';
import type { OpenInNewEpic } from './widget-types.ts';

export type BreakEvenCalculatorProps = { attributes: TBreakEvenAttributes; onOpen: OpenInNewEpic };

/** The lesson's level-1 average: $97,833.50 after the buy fee (12-fees-and-break-even.md). */
const LESSON_AVERAGE = '97833.50';

/**
 * Fee and break-even calculator: the engine's takeProfitPrice on an average buy price, a sell fee and a sell
 * spread — where break-even is, where the take-profit sits, and whether the planner would refuse the spread.
 */
export const BreakEvenCalculator = ({ attributes, onOpen }: BreakEvenCalculatorProps) => {
  const [average, setAverage] = useState(LESSON_AVERAGE);
  const [fee, setFee] = useState(attributes.fee);
  const [spread, setSpread] = useState(attributes.sellSpread);
  const figures = breakEvenFigures({ average, feePercent: fee, sellSpread: spread });

  return (
    <WidgetCard
      kind="break-even-calculator"
      title="Fee and break-even calculator"
      hint="Set your average buy price, the sell fee and a sell spread: see the lowest price that gets your money back and where the take-profit sells."
      icon={<Calculator size={18} />}
      onOpen={() => onOpen({ inputs: { sellSpread: spread } })}
    >
      <div className={styles.knobs}>
        <label className={styles.knob}>
          <span>Average buy price ($)</span>
          <input
            inputMode="decimal"
            value={average}
            onChange={(e) => setAverage(e.target.value.replace(/[$,\s]/g, ''))}
          />
        </label>
        <label className={styles.knob}>
          <span>Sell fee (%)</span>
          <input inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value.trim())} />
        </label>
        <label className={styles.knob}>
          <span>Sell spread (%)</span>
          <input inputMode="decimal" value={spread} onChange={(e) => setSpread(e.target.value.trim())} />
        </label>
      </div>
      {figures ? (
        <div className={styles.figures} aria-live="polite">
          <div className={styles.figure}>
            <span className={styles.figureLabel}>Break-even</span>
            <span className={styles.figureValue} data-testid="calc-break-even">
              {formatPrice(figures.breakEven)}
            </span>
          </div>
          <div className={styles.figure}>
            <span className={styles.figureLabel}>Take-profit</span>
            <span className={styles.figureValue} data-testid="calc-take-profit">
              {formatPrice(figures.takeProfit)}
            </span>
          </div>
          <div className={styles.figure}>
            <span className={styles.figureLabel}>Margin after fees</span>
            <span className={styles.figureValue} data-testid="calc-margin">
              {figures.marginPercent}%
            </span>
          </div>
          {figures.refused ? (
            <p className={styles.warn} data-testid="calc-refused">
              {formatPrice(figures.bySpread)} would sell below break-even: the form refuses this sell spread.
              Raise it above the fee.
            </p>
          ) : null}
        </div>
      ) : (
        <p className={styles.widgetNote}>Enter numbers to see the figures.</p>
      )}
    </WidgetCard>
  );
};
