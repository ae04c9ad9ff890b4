/**
 * The chart draws on a canvas, which cannot read CSS custom properties, so the palette is resolved from the
 * design tokens in index.css once, when a chart is created. The fallbacks match those tokens.
 */
export type ChartTheme = {
  text: string;
  muted: string;
  border: string;
  borderStrong: string;
  surface: string;
  up: string;
  down: string;
  font: string;
};

const FALLBACK: ChartTheme = {
  text: '#e6e8ee',
  muted: '#8b93a7',
  border: '#262c3d',
  borderStrong: '#343c52',
  surface: '#131722',
  up: '#22c55e',
  down: '#ef4444',
  font: 'ui-sans-serif, system-ui, sans-serif',
};

const TOKENS: Record<keyof ChartTheme, string> = {
  text: '--text',
  muted: '--muted',
  border: '--border',
  borderStrong: '--border-strong',
  surface: '--surface',
  up: '--accent',
  down: '--red',
  font: '--font',
};

export const readChartTheme = (element: Element = document.documentElement): ChartTheme => {
  const style = getComputedStyle(element);
  const theme = { ...FALLBACK };
  for (const key of Object.keys(TOKENS) as (keyof ChartTheme)[]) {
    const value = style.getPropertyValue(TOKENS[key]).trim();
    if (value) theme[key] = value;
  }
  return theme;
};

/** '#22c55e' + 0.2 → 'rgba(34, 197, 94, 0.2)'; anything that is not a 6-digit hex colour is returned as is. */
export const withAlpha = (colour: string, alpha: number): string => {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!match) return colour;
  const [, r = '0', g = '0', b = '0'] = match;
  return `rgba(${Number.parseInt(r, 16)}, ${Number.parseInt(g, 16)}, ${Number.parseInt(b, 16)}, ${alpha})`;
};
