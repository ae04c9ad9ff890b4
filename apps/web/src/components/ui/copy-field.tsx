import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button.tsx';
import styles from './copy-field.module.css';

export type CopyFieldProps = {
  value: string;
  /** Names the field for screen readers; shown beside it too when `showLabel`. */
  label: string;
  showLabel?: boolean;
  className?: string;
};

/** A value to hand on (a link, a code), selectable, with a copy button that says when it copied. */
export const CopyField = ({ value, label, showLabel = false, className }: CopyFieldProps) => {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard permission (an insecure origin, an old browser): the field stays there to copy by hand.
      setCopied(false);
    }
  };
  return (
    <div
      className={[styles.copy, className].filter(Boolean).join(' ')}
      data-labelled={showLabel || undefined}
    >
      {showLabel ? <span className={styles.label}>{label}</span> : null}
      <input
        className={styles.field}
        readOnly
        value={value}
        aria-label={label}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="secondary" size="sm" onClick={() => void copy()} aria-live="polite">
        {copied ? <Check size={15} aria-hidden="true" /> : <Copy size={15} aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
};
