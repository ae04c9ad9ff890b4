import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import styles from './legal-footer.module.css';

export type LegalFooterProps = { compact?: boolean };

/** Support, terms and privacy links with the copyright line (SPEC.md §2). */
export const LegalFooter = ({ compact = false }: LegalFooterProps) => (
  <div className={[styles.footer, compact ? styles.compact : ''].filter(Boolean).join(' ')}>
    <nav aria-label="Legal and support" className={styles.links}>
      <Link to={paths.supportPublic}>Support</Link>
      <Link to={paths.termsOfService}>Terms</Link>
      <Link to={paths.privacyPolicy}>Privacy</Link>
    </nav>
    <p className={styles.copy}>© {new Date().getFullYear()} CDCA. All rights reserved.</p>
  </div>
);
