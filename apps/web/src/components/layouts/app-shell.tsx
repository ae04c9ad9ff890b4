import { Menu } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '@/config/routes.ts';
import { BetaLabel } from '../ui/beta-label.tsx';
import { Logo } from '../ui/logo.tsx';
import { AccountBadge, type AccountSummary } from './account-badge.tsx';
import styles from './app-shell.module.css';
import { ConnectionBanner } from './connection-banner.tsx';
import { pageTitleOf } from './nav-items.ts';
import { NavList } from './nav-list.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { ShellFooter } from './shell-footer.tsx';
import type { SocialLinksProps } from './social-links.tsx';

export type AppShellProps = {
  account: AccountSummary;
  links: SocialLinksProps;
  beta: boolean;
  /** The notifications bell, composed by the app layer. */
  bell: ReactNode;
  children: ReactNode;
};

/** Signed-in layout: side nav on desktop, header + profile slide-out on mobile (docs/product.md §2). */
export const AppShell = ({ account, links, beta, bell, children }: AppShellProps) => {
  const [pathname] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className={styles.sidebar}>
        <div className={styles.sideHead}>
          <Link to={paths.dashboard} className={styles.brand} aria-label="CDCA dashboard">
            <Logo />
          </Link>
          <BetaLabel show={beta} />
          <div className={styles.sideBell}>{bell}</div>
        </div>
        <nav aria-label="Main" className={styles.sideNav}>
          <NavList isOwner={account.isOwner} isPartner={account.isPartner} />
        </nav>
        <div className={styles.sideFoot}>
          <AccountBadge account={account} />
          <ShellFooter links={links} />
        </div>
      </aside>

      <header className={styles.mobileHeader}>
        <Link to={paths.dashboard} aria-label="CDCA dashboard">
          <Logo withWordmark={false} size={30} />
        </Link>
        <span className={styles.mobileTitle}>
          {pageTitleOf(pathname)} <BetaLabel show={beta} />
        </span>
        {bell}
        <button
          type="button"
          className={styles.iconButton}
          aria-label="Open profile menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Menu size={20} aria-hidden="true" />
        </button>
      </header>
      <ProfileMenu open={menuOpen} account={account} links={links} onClose={() => setMenuOpen(false)} />

      <main id="main" className={styles.main}>
        <div className={styles.content}>{children}</div>
      </main>
      {/* One for every page in the shell: each of them shows live data. */}
      <ConnectionBanner />
    </div>
  );
};
