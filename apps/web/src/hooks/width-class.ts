/** docs/product.md §2 screen width classes (upper bounds inclusive). */
export type WidthClass = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';

export const WIDTH_BREAKPOINTS = { xs: 375, sm: 650, md: 1000, lg: 1500, xl: 2000 } as const;

export const widthClassOf = (width: number): WidthClass => {
  if (width <= WIDTH_BREAKPOINTS.xs) return 'xs';
  if (width <= WIDTH_BREAKPOINTS.sm) return 'sm';
  if (width <= WIDTH_BREAKPOINTS.md) return 'md';
  if (width <= WIDTH_BREAKPOINTS.lg) return 'lg';
  if (width <= WIDTH_BREAKPOINTS.xl) return 'xl';
  return '2xl';
};

export const isMobileWidth = (widthClass: WidthClass): boolean => widthClass === 'xs' || widthClass === 'sm';

export const isMobileOrTabletWidth = (widthClass: WidthClass): boolean =>
  isMobileWidth(widthClass) || widthClass === 'md';
