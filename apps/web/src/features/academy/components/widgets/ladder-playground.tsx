import type { TEpicInputs } from '@cdca/contracts';
import { ChartNoAxesGantt } from 'lucide-react';
import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { TLadderAttributes } from '../../content/directives.ts';
import styles from '../academy.module.css';
import { LadderInputs } from './ladder-inputs.tsx';
import { PriceSourceSwitch } from './price-source.tsx';
import { useLessonPlan } from './use-lesson-plan.ts';
import { WidgetCard } from './widget-card.tsx';
import type { OpenInNewEpic, RenderLadder, WidgetMarketState } from './widget-types.ts';

export type LadderPlaygroundProps = {
  attributes: TLadderAttributes;
  inputs: TEpicInputs;
  market: WidgetMarketState;
  renderLadder: RenderLadder;
  onOpen: OpenInNewEpic;
};

/**
 * The create-epic preview inside a lesson: the domain's planEpic on the coin's real product rules, at the lesson's
 * pinned price or the live best ask, drawn by the same ladder table and chart (docs/decisions/academy.md).
 */
export const LadderPlayground = ({
  attributes,
  inputs: initial,
  market,
  renderLadder,
  onOpen,
}: LadderPlaygroundProps) => {
  const [inputs, setInputs] = useState(initial);
  const { result, priceSwitch } = useLessonPlan(attributes, inputs, market);

  return (
    <WidgetCard
      kind="ladder-playground"
      title={`Ladder playground · ${attributes.coin}`}
      hint="Change a setting and watch every level, its size and its take-profit move — planned by the same code the server checks your epic with."
      icon={<ChartNoAxesGantt size={18} />}
      onOpen={() => onOpen({ productId: attributes.coin, inputs })}
    >
      <div className={styles.widgetToolbar}>
        <PriceSourceSwitch {...priceSwitch} />
      </div>
      <LadderInputs
        inputs={inputs}
        onChange={(change) => setInputs((current) => ({ ...current, ...change }))}
      />
      {market.state === 'loading' ? (
        <Skeleton height={220} radius={10} />
      ) : market.state === 'unavailable' ? (
        <p className={styles.widgetNote}>{market.reason}</p>
      ) : result?.ok ? (
        renderLadder(result.plan, [])
      ) : (
        <ul className={styles.problems} data-testid="playground-problems">
          {(result?.problems ?? []).slice(0, 4).map((problem) => (
            <li key={`${problem.code}-${problem.level ?? ''}-${problem.field}`}>{problem.message}</li>
          ))}
        </ul>
      )}
    </WidgetCard>
  );
};
