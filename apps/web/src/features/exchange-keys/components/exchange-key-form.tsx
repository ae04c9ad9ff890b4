import type { TExchangeKeySubmitted } from '@cdca/contracts';
import { AlertTriangle, KeyRound, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { isApiError } from '@/lib/http/api-error.ts';
import { useSubmitExchangeKey } from '../api/submit-exchange-key.ts';
import styles from './exchange-keys.module.css';
import { keyErrorHint } from './key-error-hint.ts';
import { PaperKeyPanel } from './paper-key-panel.tsx';

/** A key is pasted, never suggested: phones must not correct it, nor password managers offer or save it. */
const UNTOUCHED_BY_AUTOFILL = {
  autoComplete: 'off',
  autoCorrect: 'off',
  autoCapitalize: 'off',
  spellCheck: false,
  'data-1p-ignore': true,
  'data-lpignore': 'true',
} as const;

export type ExchangeKeyFormProps = {
  /** config.exchange === 'paper': offer to mint a paper key. */
  paper: boolean;
  submitLabel: string;
  onConnected: (result: TExchangeKeySubmitted) => void;
  onCancel?: () => void;
};

/**
 * Key name + private key, checked live by the server. Used on the onboarding keys step and in
 * Settings → API keys. The private key lives only in this component's state: never in browser storage,
 * never autocompleted, and it is cleared once the server has it.
 */
export const ExchangeKeyForm = ({ paper, submitLabel, onConnected, onCancel }: ExchangeKeyFormProps) => {
  const [keyName, setKeyName] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const submit = useSubmitExchangeKey();
  const id = useId();
  const error = submit.error;
  const hint = keyErrorHint(isApiError(error) ? error.code : undefined);
  const ready = keyName.trim() !== '' && privateKey.trim() !== '';

  return (
    <>
      {paper ? (
        <PaperKeyPanel
          onMinted={(minted) => {
            submit.reset();
            setKeyName(minted.keyName);
            setPrivateKey(minted.privateKey);
          }}
        />
      ) : null}
      <Card as="section" aria-labelledby={`${id}-title`}>
        <div className={styles.cardHead}>
          <h2 id={`${id}-title`} className={styles.cardTitle}>
            <KeyRound size={18} aria-hidden="true" style={{ display: 'inline', marginRight: 8 }} />
            Your API key
          </h2>
        </div>
        <form
          className={styles.form}
          autoComplete="off"
          onSubmit={(event) => {
            event.preventDefault();
            if (!ready || submit.isPending) return;
            submit.mutate(
              { keyName: keyName.trim(), privateKey: privateKey.trim() },
              {
                onSuccess: (result) => {
                  setPrivateKey('');
                  onConnected(result);
                },
              },
            );
          }}
        >
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-name`}>
              API key name
            </label>
            <input
              id={`${id}-name`}
              className={styles.monoInput}
              value={keyName}
              onChange={(event) => setKeyName(event.target.value)}
              placeholder="organizations/…/apiKeys/…"
              {...UNTOUCHED_BY_AUTOFILL}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-secret`}>
              Private key
            </label>
            <textarea
              id={`${id}-secret`}
              className={styles.textarea}
              value={privateKey}
              onChange={(event) => setPrivateKey(event.target.value)}
              placeholder={'-----BEGIN EC PRIVATE KEY-----\n…\n-----END EC PRIVATE KEY-----'}
              {...UNTOUCHED_BY_AUTOFILL}
              rows={6}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-secret-hint`}
            />
            <span id={`${id}-secret-hint`} className={styles.hint}>
              Paste the whole key, including the BEGIN and END lines. It is sent once over HTTPS, stored
              encrypted on the server and never shown again.
            </span>
          </div>
          {error ? (
            <div role="alert" className={styles.alert}>
              <AlertTriangle size={18} aria-hidden="true" />
              <div>
                <p className={styles.alertTitle}>{hint.title}</p>
                <p className={styles.alertText}>{error.message}</p>
                {hint.next ? <p className={styles.alertText}>{hint.next}</p> : null}
              </div>
            </div>
          ) : null}
          <div className={styles.actions}>
            {submit.isPending ? (
              <span className={styles.progress} role="status">
                <LoaderCircle size={16} className={styles.spin} aria-hidden="true" />
                Checking the key with the exchange…
              </span>
            ) : (
              <span className={styles.hint}>We check its permissions live before saving anything.</span>
            )}
            <div className={styles.buttons}>
              {onCancel ? (
                <Button variant="secondary" onClick={onCancel} disabled={submit.isPending}>
                  Cancel
                </Button>
              ) : null}
              <Button type="submit" size="lg" disabled={!ready} loading={submit.isPending}>
                {submitLabel}
              </Button>
            </div>
          </div>
        </form>
      </Card>
    </>
  );
};
