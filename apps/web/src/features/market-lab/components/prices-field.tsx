import { useId } from 'react';
import styles from './market-lab.module.css';

export type PricesFieldProps = {
  value: string;
  error?: string;
  onChange: (value: string) => void;
};

/**
 * The path's prices: a textarea rather than TextField's input, because a column pasted into an input loses its line
 * breaks and '150\n160' would arrive as one price, 150160.
 */
export const PricesField = ({ value, error, onChange }: PricesFieldProps) => {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        Prices (USD)
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={3}
        autoComplete="off"
        spellCheck={false}
        placeholder="150, 145.5, 140, 152"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={noteId} className={error ? styles.fieldError : styles.hint}>
        {error ?? 'Separated by commas, spaces or new lines.'}
      </span>
    </div>
  );
};
