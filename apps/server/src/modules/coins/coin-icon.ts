import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

const iconSetDir = join(
  dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')),
  'svg/color',
);

/** Where a coin's icon is served: the icon set's SVG when it has one, otherwise a generated badge. */
export const coinIconUrl = (baseSymbol: string): string => `/coin-icons/${baseSymbol.toLowerCase()}.svg`;

/** The SVG for a base symbol from cryptocurrency-icons (CC0), or a generated badge for newer coins it lacks. */
export const coinIconSvg = async (baseSymbol: string): Promise<string> => {
  const symbol = baseSymbol.toLowerCase();
  if (/^[a-z0-9]{1,15}$/.test(symbol)) {
    const fromSet = await readFile(join(iconSetDir, `${symbol}.svg`), 'utf8').catch(() => undefined);
    if (fromSet) return fromSet;
  }
  return generatedCoinSvg(baseSymbol);
};

/**
 * A generated icon: the symbol's initials on a colour derived from the symbol, so every coin has a stable,
 * recognisable badge even when the icon set does not know it yet.
 */
const generatedCoinSvg = (baseSymbol: string): string => {
  const hue = createHash('sha256').update(baseSymbol).digest().readUInt16BE(0) % 360;
  const initials = escapeXml(baseSymbol.slice(0, 3).toUpperCase());
  const fontSize = initials.length > 2 ? 11 : 14;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">` +
    `<circle cx="16" cy="16" r="16" fill="hsl(${hue},55%,42%)"/>` +
    `<text x="16" y="16" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="${fontSize}" font-weight="700" fill="#fff">${initials}</text></svg>`
  );
};
