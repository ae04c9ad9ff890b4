import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatPrice } from '@/lib/format/number.ts';
import { useSetPaperPrice } from '../api/set-paper-price.ts';
import { readPrice } from '../lib/lab-inputs.ts';
import styles from './market-lab.module.css';
import { Refusal } from './refusal.tsx';

export type PriceFormProps = {
  productId: string;
  /** The live price, shown as the field's placeholder so the owner types relative to it. */
  price: string;
  onApplied: (message: string) => void;
};

/** One new price at once; the random walk goes on from it. */
export const PriceForm = ({ productId, price, onApplied }: PriceFormProps) => {
  const titleId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const setPrice = useSetPaperPrice(productId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readPrice(text);
    setInvalid(read.ok ? undefined : read.errors.price);
    if (!read.ok) return;
    setPrice.mutate(read.body, {
      onSuccess: (state) => onApplied(`${state.productId} set to ${formatPrice(state.price)}.`),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <div>
        <h3 id={titleId} className={styles.formTitle}>
          Set the price
        </h3>
        <p className={styles.muted}>It jumps at once; the random walk goes on from there.</p>
      </div>
      <TextField
        label="New price (USD)"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder={price}
        value={text}
        error={invalid}
        hint="A multiple of the coin's price step, such as 142.35."
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(undefined);
        }}
      />
      <div className={styles.formActions}>
        <Button type="submit" loading={setPrice.isPending}>
          Set price
        </Button>
      </div>
      {setPrice.isError ? <Refusal error={setPrice.error} what="The price was not set" /> : null}
    </form>
  );
};
