import { NavLink } from 'react-router';
import styles from './tab-nav.module.css';

export type TabNavProps = { label: string; tabs: { to: string; label: string }[] };

/** Sub-navigation for a section with child routes (settings, admin, partners). */
export const TabNav = ({ label, tabs }: TabNavProps) => (
  <nav aria-label={label} className={styles.tabs}>
    {tabs.map((tab) => (
      <NavLink
        key={tab.to}
        to={tab.to}
        className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}
      >
        {tab.label}
      </NavLink>
    ))}
  </nav>
);
