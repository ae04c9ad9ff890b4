import { Menu, X } from 'lucide-react';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { BetaLabel } from '../ui/beta-label.tsx';
import { buttonClassName } from '../ui/button.tsx';
import { Logo } from '../ui/logo.tsx';
import styles from './public-layout.module.css';
import { PublicLink } from './public-layout-link.tsx';
import { SocialLinks, type SocialLinksProps } from './social-links.tsx';

export type PublicSection = { id: string; label: string };

export type PublicLayoutProps = {
  children: ReactNode;
  links: SocialLinksProps;
  beta: boolean;
  /** The landing page's sections, listed in the menu; other public pages link back to them. */
  sections?: readonly PublicSection[];
  onLandingPage?: boolean;
  /** The section on screen, highlighted in the menu. */
  activeSection?: string | null;
  signUpHref: string;
  /** Shown above the header (the launch countdown and deal). */
  banners?: ReactNode;
};

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** On the landing page a menu item glides to its section and moves focus there for keyboard users. */
const scrollToSection = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
  const section = document.getElementById(id);
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${id}`);
};

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { href: '/#results', label: 'Results' },
      { href: '/#strategy', label: 'How it works' },
      { href: '/plans', label: 'Plans and pricing' },
      { href: '/skill', label: 'Find your level' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/partner-stack', label: 'Partner programme' },
      { href: '/launch', label: 'Launch' },
      { href: '/support-public', label: 'Support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/terms-of-service', label: 'Terms of service' },
      { href: '/privacy-policy', label: 'Privacy policy' },
    ],
  },
];

/** The marketing shell: banners, a sticky header with the section menu and sign-in, and the footer. */
export const PublicLayout = ({
  children,
  links,
  beta,
  sections = [],
  onLandingPage = false,
  activeSection = null,
  signUpHref,
  banners,
}: PublicLayoutProps) => {
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [menuOpen]);

  const sectionLink = (section: PublicSection, className: string | undefined) => (
    <PublicLink
      key={section.id}
      href={onLandingPage ? `#${section.id}` : `/#${section.id}`}
      className={className}
      aria-current={onLandingPage && activeSection === section.id ? 'true' : undefined}
      onClick={(event) => {
        // The open phone menu takes room in the sticky header: close it before measuring where to scroll, or
        // the page overshoots the section by the menu's height.
        flushSync(() => setMenuOpen(false));
        if (onLandingPage) scrollToSection(event, section.id);
      }}
    >
      {section.label}
    </PublicLink>
  );

  return (
    <div className={styles.page}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {banners}
      <header className={styles.header}>
        <div className={styles.bar}>
          <PublicLink href="/" className={styles.brand} aria-label="CDCA home">
            <Logo />
            <BetaLabel show={beta} />
          </PublicLink>
          {sections.length > 0 ? (
            <nav aria-label="Sections" className={styles.sections}>
              {sections.map((section) => sectionLink(section, styles.sectionLink))}
            </nav>
          ) : null}
          <div className={styles.actions}>
            <a href="/login" className={`${buttonClassName('ghost', 'sm')} ${styles.signIn}`}>
              Sign in
            </a>
            <a href={signUpHref} className={buttonClassName('primary', 'sm')}>
              Sign up
            </a>
            <button
              type="button"
              className={styles.menuButton}
              aria-expanded={menuOpen}
              aria-controls="public-menu"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X size={20} aria-hidden="true" /> : <Menu size={20} aria-hidden="true" />}
            </button>
          </div>
        </div>
        <nav id="public-menu" aria-label="Menu" className={styles.mobileMenu} hidden={!menuOpen}>
          {sections.map((section) => sectionLink(section, styles.mobileLink))}
          <PublicLink href="/plans" className={styles.mobileLink} onClick={() => setMenuOpen(false)}>
            Plans
          </PublicLink>
          <PublicLink href="/support-public" className={styles.mobileLink} onClick={() => setMenuOpen(false)}>
            Support
          </PublicLink>
          <a href="/login" className={styles.mobileLink}>
            Sign in
          </a>
        </nav>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerTop}>
          <div className={styles.footerBrand}>
            <Logo />
            <p>
              Automated dollar-cost averaging on your own exchange account. Your keys trade; they never
              withdraw.
            </p>
            <SocialLinks {...links} />
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title} className={styles.footerColumn}>
              <h2 className={styles.footerTitle}>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.href}>
                    <PublicLink href={link.href}>{link.label}</PublicLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={styles.footerBottom}>
          <p>© {new Date().getFullYear()} CDCA. All rights reserved.</p>
          <p>
            Crypto trading is risky and prices can fall further than you expect. Nothing here is financial
            advice.
          </p>
        </div>
      </footer>
    </div>
  );
};
