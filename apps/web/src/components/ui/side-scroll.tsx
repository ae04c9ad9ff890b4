import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import styles from './side-scroll.module.css';
import { NO_OVERFLOW, type ScrollEdges, sameEdges, scrollEdges } from './side-scroll-geometry.ts';

export type SideScrollProps = {
  children: ReactNode;
  /**
   * Names the box while it overflows: it then takes focus, so a keyboard can scroll it. Leave both
   * names out where the content is focusable itself (a row of tabs: focusing a tab brings it into view).
   */
  label?: string;
  labelledBy?: string;
  /** False where the caller marks the start edge itself (a sticky first column casts its own shadow). */
  fadeStart?: boolean;
  /** No scrollbar where the fades are hint enough (a row of tabs under its own rule). */
  hideScrollbar?: boolean;
  /** The scroll box itself, for a caller that scrolls it (to bring the selected tab into view). */
  boxRef?: RefObject<HTMLDivElement | null>;
};

/**
 * Whether the box has more to show on either side, kept current on scroll and on any resize of the box or its
 * content (rows loading widen a table without resizing its box).
 */
const useScrollEdges = (box: RefObject<HTMLElement | null>): ScrollEdges => {
  const [edges, setEdges] = useState<ScrollEdges>(NO_OVERFLOW);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => {
      const next = scrollEdges(element);
      setEdges((current) => (sameEdges(current, next) ? current : next));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(element);
    for (const child of element.children) observer?.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [box]);
  return edges;
};

/**
 * A box that scrolls sideways instead of widening the page, with a fade on each edge that has more beyond it, so
 * a phone shows that the table or tab row goes on. The one horizontal-overflow pattern for tables and tabs.
 */
export const SideScroll = ({
  children,
  label,
  labelledBy,
  fadeStart = true,
  hideScrollbar = false,
  boxRef,
}: SideScrollProps) => {
  const ownRef = useRef<HTMLDivElement>(null);
  const box = boxRef ?? ownRef;
  const edges = useScrollEdges(box);
  const focusable = (edges.start || edges.end) && Boolean(label || labelledBy);
  return (
    <div
      className={styles.frame}
      data-overflow-start={edges.start || undefined}
      data-overflow-end={edges.end || undefined}
      data-fade-start={fadeStart ? undefined : 'off'}
    >
      {/*
       * While it overflows, a named group a keyboard can focus to scroll. A group, not a region: the card around a
       * table is often the region of the same name, and two landmarks called "Fills" would be one too many.
       */}
      {/* biome-ignore lint/a11y/useSemanticElements: a <fieldset> groups form controls and cannot be a scroll box */}
      <div
        ref={box}
        role="group"
        className={hideScrollbar ? `${styles.box} ${styles.bare}` : styles.box}
        aria-label={focusable ? label : undefined}
        aria-labelledby={focusable ? labelledBy : undefined}
        tabIndex={focusable ? 0 : undefined}
      >
        {children}
      </div>
    </div>
  );
};
