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
    <label className={styles.knob}>
      <span>Scaling</span>
      <select
        value={inputs.scaling}
        onChange={(e) => onChange({ scaling: e.target.value as TEpicInputs['scaling'] })}
      >
        {EPIC_SCALINGS.map((value) => (
          <option key={value} value={value}>
            {LABEL[value]}
          </option>
        ))}
      </select>
    </label>
    <label className={styles.knob}>
      <span>Load</span>
      <select value={inputs.load} onChange={(e) => onChange({ load: e.target.value as TEpicInputs['load'] })}>
        {EPIC_LOADS.map((value) => (
          <option key={value} value={value}>
            {LABEL[value]}
          </option>
        ))}
      </select>
    </label>
    <label className={styles.knob}>
      <span>Direction</span>
      <select
        value={inputs.direction}
        onChange={(e) => onChange({ direction: e.target.value as TEpicInputs['direction'] })}
      >
        {EPIC_DIRECTIONS.map((value) => (
          <option key={value} value={value}>
            {LABEL[value]}
          </option>
        ))}
      </select>
    </label>
  </div>
);
