import type { TPlanProblem } from '@cdca/contracts';
import { EPIC_LIMITS } from '@cdca/contracts';
import { Minus, Plus, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Toggle } from '@/components/ui/toggle.tsx';
import { formatUsd } from '@/lib/format/number.ts';
import type { EpicDraft, Knob } from '../../lib/epic-draft.ts';
import type { DraftField as DraftFieldName } from '../../lib/ladder-preview.ts';
import { type Choice, ChoiceGroup } from './choice-group.tsx';
import styles from './create-epic.module.css';
import { DraftField } from './draft-field.tsx';
import { LevelsGuidance } from './levels-guidance.tsx';

export type EpicFormProps = {
  draft: EpicDraft;
  update: (change: Partial<EpicDraft>) => void;
  problems: Partial<Record<DraftFieldName, TPlanProblem[]>>;
  /** USD the trader has on the exchange, null when unknown. */
  available: string | null;
  /** The most levels that each meet the exchange minimum, when the ladder has a level under it. */
  levelsCap: number | null | undefined;
  knobs: readonly Knob[];
};

type ChoiceKnob = 'scaling' | 'load' | 'direction';

type ChoiceKnobConfig = { [K in ChoiceKnob]: { legend: string; choices: readonly Choice<EpicDraft[K]>[] } };

const SCALINGS = [
  { value: 'quadratic', label: 'Quadratic', detail: 'Level sizes grow 1, 4, 9, 16… — steady and forgiving.' },
  {
    value: 'fibonacci',
    label: 'Fibonacci',
    detail: 'Level sizes grow 1, 2, 3, 5, 8… — gentler than quadratic.',
  },
  {
    value: 'exponential',
    label: 'Exponential',
    detail: 'Each level doubles the one before (1, 2, 4, 8…): the first levels get very small.',
  },
] as const;

const LOADS = [
  {
    value: 'back',
    label: 'Back',
    detail: 'The deepest levels buy the most: your average falls fast in a dip.',
  },
  { value: 'front', label: 'Front', detail: 'The first levels buy the most: more in the trade sooner.' },
  { value: 'hedge', label: 'Hedge', detail: 'Both ends buy the most, the middle the least.' },
] as const;

const DIRECTIONS = [
  { value: 'below', label: 'Below', detail: 'Buy the dips: each level sits lower than the one before.' },
  { value: 'above', label: 'Above', detail: 'Buy strength: each level triggers higher than the one before.' },
  { value: 'above-below', label: 'Both', detail: 'Levels alternate below and above the price.' },
] as const;

/** The knobs that are one choice of a few, in the order the form shows them. */
const CHOICES: ChoiceKnobConfig = {
  scaling: { legend: 'Scaling', choices: SCALINGS },
  load: { legend: 'Load', choices: LOADS },
  direction: { legend: 'Direction', choices: DIRECTIONS },
};
const CHOICE_KNOBS = ['scaling', 'load', 'direction'] as const;

const clampLevels = (value: number) =>
  Math.min(EPIC_LIMITS.dcaLevels.max, Math.max(EPIC_LIMITS.dcaLevels.min, value));

/** The epic's inputs. Beginners see budget, levels and the two spreads; "All settings" opens the rest. */
export const EpicForm = ({ draft, update, problems, available, levelsCap, knobs }: EpicFormProps) => {
  const [showAll, setShowAll] = useState(false);
  const visible = (knob: Knob) => showAll || knobs.includes(knob);
  const levels = Number.parseInt(draft.dcaLevels, 10);
  const step = (by: number) =>
    update({ dcaLevels: String(clampLevels((Number.isFinite(levels) ? levels : 1) + by)) });
  const hidden = (['scaling', 'load', 'direction', 'stopSpread'] as const).filter((knob) => !visible(knob));
  const choiceGroup = <K extends ChoiceKnob>(knob: K) => {
    const { legend, choices } = CHOICES[knob];
    const choose = (value: EpicDraft[K]) => {
      const change: Partial<EpicDraft> = {};
      change[knob] = value;
      update(change);
    };
    return <ChoiceGroup key={knob} legend={legend} value={draft[knob]} choices={choices} onChange={choose} />;
  };

  return (
    <div className={styles.form}>
      <DraftField
        name="budget"
        label="Budget"
        prefix="$"
        value={draft.budget}
        onChange={(budget) => update({ budget })}
        problems={problems.budget}
        hint={
          available === null
            ? 'US dollars, whole cents.'
            : `Available on the exchange: ${formatUsd(available)}`
        }
      />
      <DraftField
        name="dcaLevels"
        label="DCA levels"
        inputMode="numeric"
        value={draft.dcaLevels}
        onChange={(dcaLevels) => update({ dcaLevels: dcaLevels.replace(/\D/g, '') })}
        problems={problems.dcaLevels}
        hint={`How many buys, ${EPIC_LIMITS.dcaLevels.min}–${EPIC_LIMITS.dcaLevels.max}. Level 1 buys at once.`}
        before={
          <button
            type="button"
            className={styles.stepper}
            aria-label="One level fewer"
            onClick={() => step(-1)}
          >
            <Minus size={16} aria-hidden="true" />
          </button>
        }
        after={
          <button
            type="button"
            className={styles.stepper}
            aria-label="One level more"
            onClick={() => step(1)}
          >
            <Plus size={16} aria-hidden="true" />
          </button>
        }
      >
        <LevelsGuidance
          cap={levelsCap}
          levels={levels}
          scaling={draft.scaling}
          load={draft.load}
          onUse={(cap) => update({ dcaLevels: String(cap) })}
        />
      </DraftField>
      <div className={styles.pair}>
        <DraftField
          name="buySpread"
          label="Buy spread"
          suffix="%"
          value={draft.buySpread}
          onChange={(buySpread) => update({ buySpread })}
          problems={problems.buySpread}
          hint="The gap between levels."
        />
        <DraftField
          name="sellSpread"
          label="Take-profit"
          suffix="%"
          value={draft.sellSpread}
          onChange={(sellSpread) => update({ sellSpread })}
          problems={problems.sellSpread}
          hint="Sell all above your average."
        />
      </div>
      {CHOICE_KNOBS.map((knob) => (visible(knob) ? choiceGroup(knob) : null))}
      {visible('stopSpread') ? (
        <div className={styles.stop}>
          <Toggle
            label="Stop-loss"
            description="sell everything if the price keeps falling"
            checked={draft.stopSpread !== null}
            onChange={(on) => update({ stopSpread: on ? '10' : null })}
          />
          {draft.stopSpread !== null ? (
            <DraftField
              name="stopSpread"
              label="Stop spread"
              suffix="%"
              value={draft.stopSpread}
              onChange={(stopSpread) => update({ stopSpread })}
              problems={problems.stopSpread}
              hint="How far below the lowest level the stop sells everything at the market."
            />
          ) : null}
        </div>
      ) : null}
      {hidden.length > 0 ? (
        <button type="button" className={styles.more} onClick={() => setShowAll(true)}>
          <SlidersHorizontal size={15} aria-hidden="true" />
          All settings
          <span className={styles.moreDetail}>
            {describeHidden(draft)} — change scaling, load, direction or add a stop
          </span>
        </button>
      ) : null}
    </div>
  );
};

const describeHidden = (draft: EpicDraft): string =>
  [
    draft.scaling[0]?.toUpperCase() + draft.scaling.slice(1),
    `${draft.load}-loaded`,
    draft.direction === 'below' ? 'buying below' : draft.direction === 'above' ? 'buying above' : 'both ways',
    draft.stopSpread === null ? 'no stop' : `stop ${draft.stopSpread}%`,
  ].join(' · ');
