import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { BetaLabel } from '../ui/beta-label.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { Logo } from '../ui/logo.tsx';
import { LegalFooter } from './legal-footer.tsx';
import styles from './public-layout.module.css';
import { SocialLinks, type SocialLinksProps } from './social-links.tsx';

export type PublicLayoutProps = {
  children: ReactNode;
  links: SocialLinksProps;
  beta: boolean;
  /** In-page section links (the landing page's menu); other public pages link back to them. */
  sections?: { id: string; label: string }[];
  onLandingPage?: boolean;
};

/** The marketing shell: header with section menu and sign-in/sign-up, and the footer. */
export const PublicLayout = ({
  children,
  links,
  beta,
  sections = [],
  onLandingPage = false,
}: PublicLayoutProps) => (
  <div className={styles.page}>
    <a className="skip-link" href="#main">
      Skip to content
    </a>
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={paths.landing} className={styles.brand} aria-label="CDCA home">
          <Logo />
          <BetaLabel show={beta} />
        </Link>
        {sections.length > 0 ? (
          <nav aria-label="Sections" className={styles.sections}>
            {sections.map((section) => (
              <a key={section.id} href={onLandingPage ? `#${section.id}` : `/#${section.id}`}>
                {section.label}
              </a>
            ))}
          </nav>
        ) : null}
        <div className={styles.actions}>
          <ButtonLink to={paths.login} variant="ghost" size="sm">
            Sign in
          </ButtonLink>
          <ButtonLink to={`${paths.login}?signup=1`} size="sm">
            Sign up
          </ButtonLink>
        </div>
      </div>
    </header>
    <main id="main" className={styles.main}>
      {children}
    </main>
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerBrand}>
          <Logo />
          <p>Automated dollar-cost averaging on your own exchange account.</p>
        </div>
        <SocialLinks {...links} />
      </div>
      <div className={styles.footerInner}>
        <LegalFooter />
      </div>
    </footer>
  </div>
);
