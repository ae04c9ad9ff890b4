import { useId } from 'react';
import styles from './toggle.module.css';

export type ToggleProps = {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
};

/** A labelled on/off switch (a checkbox with role="switch", so keyboards and screen readers get it right). */
export const Toggle = ({ label, description, checked, disabled, onChange }: ToggleProps) => {
  const id = useId();
  return (
    <label className={styles.row} htmlFor={id}>
      <span>
        <span className={styles.label}>{label}</span>
        {description ? <span className={styles.description}> — {description}</span> : null}
      </span>
      <span className={styles.switch}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className={styles.input}
          checked={checked}
          aria-checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className={styles.track} />
      </span>
    </label>
  );
};
