import type { TEpicInputs } from '@cdca/contracts';
import { ListChecks } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { formatCrypto, formatPrice, formatUsd } from '@/lib/format/number.ts';
import type { TLadderAttributes } from '../../content/directives.ts';
import { simulateFills } from '../../lib/fill-simulation.ts';
import styles from '../academy.module.css';
import { PriceSourceSwitch } from './price-source.tsx';
import { useLessonPlan } from './use-lesson-plan.ts';
import { WidgetCard } from './widget-card.tsx';
import type { OpenInNewEpic, WidgetMarketState } from './widget-types.ts';

export type FillSimulatorProps = {
  attributes: TLadderAttributes;
  inputs: TEpicInputs;
  market: WidgetMarketState;
  onOpen: OpenInNewEpic;
};

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <div className={styles.figure}>
    <span className={styles.figureLabel}>{label}</span>
    <span className={styles.figureValue} data-testid={testId}>
      {value}
    </span>
  </div>
);

/**
 * "Fill these levels": tick levels as filled and the average buy price and take-profit follow, booked through the
 * engine's own position code (lib/fill-simulation.ts), as the worker books a real fill.
 */
export const FillSimulator = ({ attributes, inputs, market, onOpen }: FillSimulatorProps) => {
  const [filled, setFilled] = useState<number[]>([1]);
  const { ready, result, priceSwitch } = useLessonPlan(attributes, inputs, market);
  const plan = result?.ok ? result.plan : undefined;
  const position = useMemo(
    () => (plan && ready ? simulateFills(plan, ready.product, filled) : undefined),
    [plan, ready, filled],
  );
  const toggle = (level: number) =>
    setFilled((current) =>
      current.includes(level) ? current.filter((n) => n !== level) : [...current, level],
    );
  const coin = baseSymbol(attributes.coin);

  return (
    <WidgetCard
      kind="fill-simulator"
      title={`Fill simulator · ${attributes.coin}`}
      hint="Tick the levels the market has filled. The average buy price and the take-profit are re-priced after each fill, exactly as a running epic does."
      icon={<ListChecks size={18} />}
      onOpen={() => onOpen({ productId: attributes.coin, inputs })}
    >
      <div className={styles.widgetToolbar}>
        <PriceSourceSwitch {...priceSwitch} />
      </div>
      {market.state === 'unavailable' ? (
        <p className={styles.widgetNote}>{market.reason}</p>
      ) : !plan || !position ? (
        <Skeleton height={220} radius={10} />
      ) : (
        <div className={styles.simulator}>
          <ul className={styles.fillLevels}>
            {plan.levels.map((level) => (
              <li key={level.level}>
                <label className={styles.fillLevel} data-filled={filled.includes(level.level) || undefined}>
                  <input
                    type="checkbox"
                    checked={filled.includes(level.level)}
                    onChange={() => toggle(level.level)}
                    aria-label={`Level ${level.level} filled`}
                  />
                  <span className={styles.fillNo}>L{level.level}</span>
                  <span className={styles.fillPrice}>{formatPrice(level.price)}</span>
                  <span className={styles.fillSize}>
                    {formatCrypto(level.baseSize, coin)} · {formatUsd(level.cost)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <div className={styles.figures} aria-live="polite">
            <Figure
              label="Average buy price"
              testId="sim-average"
              value={position.avgBuyRate ? formatPrice(position.avgBuyRate) : '—'}
            />
            <Figure
              label="Take-profit"
              testId="sim-take-profit"
              value={position.takeProfit ? formatPrice(position.takeProfit) : '—'}
            />
            <Figure
              label="Break-even"
              testId="sim-break-even"
              value={position.breakEven ? formatPrice(position.breakEven) : '—'}
            />
            <Figure label="Held" testId="sim-held" value={formatCrypto(position.held, coin)} />
            <Figure label="Spent with fees" testId="sim-spent" value={formatUsd(position.spent)} />
          </div>
        </div>
      )}
    </WidgetCard>
  );
};
