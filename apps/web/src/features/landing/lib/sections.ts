/** The landing page's sections in page order, as the menu lists them (docs/product.md §2). */
export const LANDING_SECTIONS = [
  { id: 'results', label: 'Results' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'strategy', label: 'Strategy' },
  { id: 'community', label: 'Community' },
  { id: 'questions', label: 'FAQ' },
] as const;

export type LandingSectionId = (typeof LANDING_SECTIONS)[number]['id'];

/** docs/product.md §2: a section counts as visible from 15 % of it on screen; updates at each step up to 45 %. */
export const VISIBILITY_THRESHOLDS = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45] as const;
export const MIN_VISIBLE_RATIO = VISIBILITY_THRESHOLDS[0];
export const FULL_VISIBLE_RATIO = VISIBILITY_THRESHOLDS[VISIBILITY_THRESHOLDS.length - 1] ?? 0.45;

export type SectionVisibility = { ratio: number; visibleHeight: number };

/**
 * The section the menu highlights: among those at least 15 % visible — or, for a section taller than the
 * screen, covering at least 45 % of it — the one taking the most of the screen. Ties go to the earlier one.
 */
export const pickActiveSection = <Id extends string>(
  ids: readonly Id[],
  visibility: ReadonlyMap<string, SectionVisibility>,
  viewportHeight: number,
): Id | null => {
  let best: { id: Id; height: number } | null = null;
  for (const id of ids) {
    const seen = visibility.get(id);
    if (!seen || seen.visibleHeight <= 0) continue;
    const visibleEnough =
      seen.ratio >= MIN_VISIBLE_RATIO || seen.visibleHeight >= FULL_VISIBLE_RATIO * viewportHeight;
    if (visibleEnough && (!best || seen.visibleHeight > best.height))
      best = { id, height: seen.visibleHeight };
  }
  return best?.id ?? null;
};
