import { LogOut } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/config/routes.ts';
import styles from './app-shell.module.css';
import { LegalFooter } from './legal-footer.tsx';
import { SocialLinks, type SocialLinksProps } from './social-links.tsx';

export type ShellFooterProps = { links: SocialLinksProps };

/** Sign out, the community links and the legal links: the foot of the side nav and of the mobile menu. */
export const ShellFooter = ({ links }: ShellFooterProps) => (
  <>
    <Link to={paths.logout} className={styles.navLink}>
      <LogOut size={18} aria-hidden="true" />
      Sign out
    </Link>
    <SocialLinks {...links} />
    <LegalFooter compact />
  </>
);
