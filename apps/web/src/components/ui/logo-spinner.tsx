import { Logo } from './logo.tsx';
import styles from './logo-spinner.module.css';

export type LogoSpinnerProps = { label: string };

/** The one spinner in the product: the logo in a ring, used while the access check settles (docs/product.md §2). */
export const LogoSpinner = ({ label }: LogoSpinnerProps) => (
  <div className={styles.wrap} role="status" aria-live="polite">
    <div className={styles.ring}>
      <Logo withWordmark={false} size={36} />
    </div>
    <span className="visually-hidden">{label}</span>
  </div>
);
