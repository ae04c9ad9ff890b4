import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useScriptPaperPrice } from '../api/script-paper-price.ts';
import { describeScript, readScript } from '../lib/lab-inputs.ts';
import styles from './market-lab.module.css';
import { PricesField } from './prices-field.tsx';
import { Refusal } from './refusal.tsx';

export type ScriptFormProps = {
  productId: string;
  onApplied: (message: string) => void;
};

type Invalid = { prices?: string; step?: string };

/** A scripted path: the prices one per step, then the random walk resumes from the last. */
export const ScriptForm = ({ productId, onApplied }: ScriptFormProps) => {
  const titleId = useId();
  const [pricesText, setPricesText] = useState('');
  const [stepText, setStepText] = useState('2');
  const [invalid, setInvalid] = useState<Invalid>({});
  const play = useScriptPaperPrice(productId);
  // The preview only speaks once the inputs read; errors wait for a press so typing is not scolded.
  const preview = readScript(pricesText, stepText);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readScript(pricesText, stepText);
    setInvalid(read.ok ? {} : read.errors);
    if (!read.ok) return;
    play.mutate(read.body, {
      onSuccess: (state) => onApplied(`${state.productId} is playing: ${describeScript(read.body)}`),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <div>
        <h3 id={titleId} className={styles.formTitle}>
          Play a path
        </h3>
        <p className={styles.muted}>The first price at once, then one per step.</p>
      </div>
      <PricesField
        value={pricesText}
        error={invalid.prices}
        onChange={(value) => {
          setPricesText(value);
          setInvalid(({ step }) => ({ step }));
        }}
      />
      <TextField
        label="Step (seconds)"
        inputMode="decimal"
        autoComplete="off"
        value={stepText}
        error={invalid.step}
        hint="How long each price holds, such as 2 or 0.5."
        onChange={(event) => {
          setStepText(event.target.value);
          setInvalid(({ prices }) => ({ prices }));
        }}
      />
      <p className={styles.preview} aria-live="polite">
        {preview.ok ? describeScript(preview.body) : 'Type the prices to see how the path plays.'}
      </p>
      <div className={styles.formActions}>
        <Button type="submit" loading={play.isPending}>
          Play path
        </Button>
      </div>
      {play.isError ? <Refusal error={play.error} what="The path was not played" /> : null}
    </form>
  );
};
