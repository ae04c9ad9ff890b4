import { Link, useLocation } from 'wouter';
import styles from './app-shell.module.css';
import { isNavItemActive, NAV_ITEMS } from './nav-items.ts';

export type NavListProps = { isOwner: boolean; isPartner?: boolean; onNavigate?: () => void };

export const NavList = ({ isOwner, isPartner = false, onNavigate }: NavListProps) => {
  const [pathname] = useLocation();
  return (
    <ul className={styles.navList}>
      {NAV_ITEMS.filter((item) => (!item.ownerOnly || isOwner) && (!item.partnersOnly || isPartner)).map(
        (item) => {
          const active = isNavItemActive(pathname, item.to);
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className={[styles.navLink, active ? styles.navLinkActive : ''].filter(Boolean).join(' ')}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              >
                <Icon size={18} aria-hidden="true" />
                {item.ownerOnly ? item.label.toUpperCase() : item.label}
              </Link>
            </li>
          );
        },
      )}
    </ul>
  );
};
