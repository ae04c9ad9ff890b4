import { useId } from 'react';
import styles from './create-epic.module.css';

export type Choice<T extends string> = { value: T; label: string; detail: string };

export type ChoiceGroupProps<T extends string> = {
  legend: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
};

/** A segmented radio group: one choice of a few, each with a line saying what it does. */
export const ChoiceGroup = <T extends string>({ legend, value, choices, onChange }: ChoiceGroupProps<T>) => {
  const name = useId();
  const chosen = choices.find((choice) => choice.value === value);
  return (
    <fieldset className={styles.choiceGroup}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.segments}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.segment} data-checked={choice.value === value}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="visually-hidden"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {chosen ? <p className={styles.hint}>{chosen.detail}</p> : null}
    </fieldset>
  );
};
