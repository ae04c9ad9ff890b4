import { errorMessage } from '@/lib/http/api-error.ts';
import styles from './market-lab.module.css';

export type RefusalProps = { error: unknown; what: string };

/** A refused or failed control, in the server's own words (its `message`), where the owner pressed. */
export const Refusal = ({ error, what }: RefusalProps) => (
  <p role="alert" className={styles.refusal}>
    {what}: {errorMessage(error, 'the server could not be reached. Try again.')}
  </p>
);
