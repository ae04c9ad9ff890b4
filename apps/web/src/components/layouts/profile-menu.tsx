import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AccountBadge, type AccountSummary } from './account-badge.tsx';
import styles from './app-shell.module.css';
import { NavList } from './nav-list.tsx';
import { ShellFooter } from './shell-footer.tsx';
import type { SocialLinksProps } from './social-links.tsx';

export type ProfileMenuProps = {
  open: boolean;
  account: AccountSummary;
  links: SocialLinksProps;
  onClose: () => void;
};

/** The mobile profile slide-out: account, navigation, social links, sign out (docs/product.md §2). */
export const ProfileMenu = ({ open, account, links, onClose }: ProfileMenuProps) => {
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className={styles.overlay}>
      <button
        type="button"
        className={styles.scrim}
        aria-label="Close menu"
        tabIndex={-1}
        onClick={onClose}
      />
      <div className={styles.drawer} role="dialog" aria-modal="true" aria-label="Profile menu">
        <div className={styles.drawerHead}>
          <AccountBadge account={account} />
          <button
            ref={closeRef}
            type="button"
            className={styles.iconButton}
            aria-label="Close menu"
            onClick={onClose}
          >
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <nav aria-label="Main">
          <NavList isOwner={account.isOwner} isPartner={account.isPartner} onNavigate={onClose} />
        </nav>
        <div className={styles.drawerFoot}>
          <ShellFooter links={links} />
        </div>
      </div>
    </div>
  );
};
