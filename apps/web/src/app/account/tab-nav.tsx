import { useLayoutEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { SideScroll } from '@/components/ui/side-scroll.tsx';
import { EDGE_FADE_PX, revealInScrollBox } from '@/components/ui/side-scroll-geometry.ts';
import styles from './tab-nav.module.css';

/** A tab is selected on its own page and the pages under it, as React Router's NavLink had it. */
const isActive = (pathname: string, to: string) =>
  pathname.toLowerCase() === to.toLowerCase() || pathname.toLowerCase().startsWith(`${to.toLowerCase()}/`);

export type TabNavProps = { label: string; tabs: { to: string; label: string }[] };

/**
 * Sub-navigation for a section with child routes (settings, admin, partners). On a phone the row scrolls sideways
 * with a fade where tabs run on, and the selected tab is scrolled into view: opening /settings/billing must not
 * leave its own tab off-screen.
 */
export const TabNav = ({ label, tabs }: TabNavProps) => {
  const box = useRef<HTMLDivElement>(null);
  const [pathname] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selected tab changes with the path; the DOM is read afresh
  useLayoutEffect(() => {
    const active = box.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (box.current && active) revealInScrollBox(box.current, active, EDGE_FADE_PX);
  }, [pathname]);
  return (
    <nav aria-label={label} className={styles.nav}>
      <SideScroll boxRef={box} hideScrollbar>
        <div className={styles.tabs}>
          {tabs.map((tab) => (
            <Link
              key={tab.to}
              to={tab.to}
              className={isActive(pathname, tab.to) ? `${styles.tab} ${styles.active}` : styles.tab}
              aria-current={isActive(pathname, tab.to) ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          ))}
        </div>
      </SideScroll>
    </nav>
  );
};
