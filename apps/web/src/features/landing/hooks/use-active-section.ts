import { useEffect, useState } from 'react';
import { pickActiveSection, type SectionVisibility, VISIBILITY_THRESHOLDS } from '../lib/sections.ts';

/** Height of the sticky header: a section under it is not what the reader is looking at. */
const HEADER_OFFSET_PX = 64;

/**
 * Which of the page's sections the reader is on, as they scroll (IntersectionObserver, docs/product.md §2). `ready` says
 * the sections are on the page; the observer starts then.
 */
export const useActiveSection = <Id extends string>(ids: readonly Id[], ready = true): Id | null => {
  const [active, setActive] = useState<Id | null>(null);
  const key = ids.join(' ');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids`, which callers rebuild each render
  useEffect(() => {
    if (!ready || typeof IntersectionObserver === 'undefined') return;
    const visibility = new Map<string, SectionVisibility>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          visibility.set(entry.target.id, {
            ratio: entry.isIntersecting ? entry.intersectionRatio : 0,
            visibleHeight: entry.isIntersecting ? entry.intersectionRect.height : 0,
          });
        }
        setActive(pickActiveSection(ids, visibility, window.innerHeight - HEADER_OFFSET_PX));
      },
      // 0 as well, so a section that scrolls out of view stops counting.
      { threshold: [0, ...VISIBILITY_THRESHOLDS], rootMargin: `-${HEADER_OFFSET_PX}px 0px 0px 0px` },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key, ready]);

  return active;
};
