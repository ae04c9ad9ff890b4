import { paths } from '@/config/routes.ts';
import styles from './legal-footer.module.css';
import { PublicLink } from './public-layout-link.tsx';

export type LegalFooterProps = { compact?: boolean };

/** Support, terms and privacy links with the copyright line (docs/product.md §2). */
export const LegalFooter = ({ compact = false }: LegalFooterProps) => (
  <div className={[styles.footer, compact ? styles.compact : ''].filter(Boolean).join(' ')}>
    <nav aria-label="Legal and support" className={styles.links}>
      <PublicLink href={paths.supportPublic}>Support</PublicLink>
      <PublicLink href={paths.termsOfService}>Terms</PublicLink>
      <PublicLink href={paths.privacyPolicy}>Privacy</PublicLink>
    </nav>
    <p className={styles.copy}>© {new Date().getFullYear()} CDCA. All rights reserved.</p>
  </div>
);
