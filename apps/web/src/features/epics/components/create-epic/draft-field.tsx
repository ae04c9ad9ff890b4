import type { TPlanProblem } from '@cdca/contracts';
import { type ReactNode, useId } from 'react';
import styles from './create-epic.module.css';

export type DraftFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  prefix?: string;
  suffix?: string;
  hint?: ReactNode;
  problems?: readonly TPlanProblem[];
  inputMode?: 'decimal' | 'numeric';
  /** Extra guidance under the problems, e.g. a "use 6 levels" button. */
  children?: ReactNode;
  /** Rendered before the input (a − button), and after it (a + button). */
  before?: ReactNode;
  after?: ReactNode;
  name: string;
};

/**
 * A text input for one plan input, its problems explained right under it (from planEpic, naming field and
 * level). Inputs are text so a half-typed value is never rewritten under the trader's fingers.
 */
export const DraftField = ({
  label,
  value,
  onChange,
  prefix,
  suffix,
  hint,
  problems = [],
  inputMode = 'decimal',
  children,
  before,
  after,
  name,
}: DraftFieldProps) => {
  const id = useId();
  const invalid = problems.length > 0;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.inputRow}>
        {before}
        <div className={styles.inputWrap} data-invalid={invalid || undefined}>
          {prefix ? <span className={styles.affix}>{prefix}</span> : null}
          <input
            id={id}
            name={name}
            className={styles.input}
            value={value}
            inputMode={inputMode}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-notes`}
            onChange={(event) => onChange(event.target.value)}
          />
          {suffix ? <span className={styles.affix}>{suffix}</span> : null}
        </div>
        {after}
      </div>
      <div id={`${id}-notes`} className={styles.notes}>
        {problems.map((problem) => (
          <p key={`${problem.code}-${problem.level ?? ''}`} className={styles.problem} role="alert">
            {problem.message}
          </p>
        ))}
        {children}
        {hint && !invalid ? <p className={styles.hint}>{hint}</p> : null}
      </div>
    </div>
  );
};
