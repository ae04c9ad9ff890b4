import { createHash } from 'node:crypto';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A generated icon: the symbol's initials on a colour derived from the symbol, so every coin has a stable,
 * recognisable badge even without an icon set (cryptocurrency-icons is the intended source when installed).
 */
export const generatedCoinIcon = (baseSymbol: string): string => {
  const hue = createHash('sha256').update(baseSymbol).digest().readUInt16BE(0) % 360;
  const initials = escapeXml(baseSymbol.slice(0, 3).toUpperCase());
  const fontSize = initials.length > 2 ? 11 : 14;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">` +
    `<circle cx="16" cy="16" r="16" fill="hsl(${hue},55%,42%)"/>` +
    `<text x="16" y="16" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="${fontSize}" font-weight="700" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};
