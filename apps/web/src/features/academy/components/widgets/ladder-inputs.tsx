import { EPIC_DIRECTIONS, EPIC_LIMITS, EPIC_LOADS, EPIC_SCALINGS, type TEpicInputs } from '@cdca/contracts';
import styles from '../academy.module.css';

const LABEL = {
  quadratic: 'Quadratic',
  fibonacci: 'Fibonacci',
  exponential: 'Exponential',
  front: 'Front',
  back: 'Back',
  hedge: 'Hedge',
  below: 'Below',
  above: 'Above',
  'above-below': 'Both',
} as const;

type KnobSelectProps<Value extends keyof typeof LABEL> = {
  label: string;
  options: readonly Value[];
  value: Value;
  onChange: (value: Value) => void;
};

/** One of the plan's named choices (scaling, load, direction) as a compact select. */
const KnobSelect = <Value extends keyof typeof LABEL>({
  label,
  options,
  value,
  onChange,
}: KnobSelectProps<Value>) => (
  <label className={styles.knob}>
    <span>{label}</span>
    <select
      value={value}
      onChange={(e) => {
        const chosen = options.find((option) => option === e.target.value);
        if (chosen) onChange(chosen);
      }}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {LABEL[option]}
        </option>
      ))}
    </select>
  </label>
);

export type LadderInputsProps = { inputs: TEpicInputs; onChange: (change: Partial<TEpicInputs>) => void };

/** The plan's knobs, compact: a lesson widget changes one thing at a time and watches the ladder move. */
export const LadderInputs = ({ inputs, onChange }: LadderInputsProps) => (
  <div className={styles.knobs}>
    <label className={styles.knob}>
      <span>Budget ($)</span>
      <input
        inputMode="decimal"
        value={inputs.budget}
        onChange={(e) => onChange({ budget: e.target.value.replace(/[$,\s]/g, '') })}
      />
    </label>
    <label className={styles.knob}>
      <span>Levels</span>
      <input
        type="number"
        min={EPIC_LIMITS.dcaLevels.min}
        max={EPIC_LIMITS.dcaLevels.max}
        value={Number.isNaN(inputs.dcaLevels) ? '' : inputs.dcaLevels}
        onChange={(e) => onChange({ dcaLevels: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
      />
    </label>
    <label className={styles.knob}>
      <span>Buy spread (%)</span>
      <input
        inputMode="decimal"
        value={inputs.buySpread}
        onChange={(e) => onChange({ buySpread: e.target.value.trim() })}
      />
    </label>
    <label className={styles.knob}>
      <span>Sell spread (%)</span>
      <input
        inputMode="decimal"
        value={inputs.sellSpread}
        onChange={(e) => onChange({ sellSpread: e.target.value.trim() })}
      />
    </label>
    <KnobSelect
      label="Scaling"
      options={EPIC_SCALINGS}
      value={inputs.scaling}
      onChange={(scaling) => onChange({ scaling })}
    />
    <KnobSelect
      label="Load"
      options={EPIC_LOADS}
      value={inputs.load}
      onChange={(load) => onChange({ load })}
    />
    <KnobSelect
      label="Direction"
      options={EPIC_DIRECTIONS}
      value={inputs.direction}
      onChange={(direction) => onChange({ direction })}
    />
  </div>
);
