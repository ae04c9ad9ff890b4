import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import styles from './partners.module.css';

/** A link, selectable, with a copy button that says when it copied. */
export const CopyField = ({ value, label }: { value: string; label: string }) => {
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
      // No clipboard permission (an insecure origin): the field stays there to copy by hand.
      setCopied(false);
    }
  };
  return (
    <div className={styles.copy}>
      <span className={styles.copyLabel}>{label}</span>
      <input
        className={styles.copyField}
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
