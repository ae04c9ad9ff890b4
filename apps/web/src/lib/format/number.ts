/**
 * Display formatting for money and market numbers. Values arrive as decimal strings (contracts never send
 * floats); converting to a number here is for display only and never feeds a calculation.
 */

const toNumber = (value: string | number): number => {
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
};

const usd2 = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Balances and amounts: always cents, e.g. '$10,000.00'. */
export const formatUsd = (value: string | number): string => usd2.format(toNumber(value));

/**
 * Prices keep the digits that matter: cents from $1 up, four decimals down to a cent, and four significant
 * digits below that, so a $0.00001234 coin does not read as $0.00.
 */
export const formatPrice = (value: string | number): string => {
  const amount = toNumber(value);
  const magnitude = Math.abs(amount);
  if (magnitude === 0 || magnitude >= 1) return usd2.format(amount);
  if (magnitude >= 0.01) {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 4,
      maximumFractionDigits: 4,
    }).format(amount);
  }
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumSignificantDigits: 2,
    maximumSignificantDigits: 4,
  }).format(amount);
};

/** Volumes and market sizes: '$1.23B', '$845.1K'. */
export const formatCompactUsd = (value: string | number): string =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 2,
  }).format(toNumber(value));

/** A signed percentage with two decimals: '+3.25%', '−1.50%' (a true minus sign), '0.00%'. */
export const formatPercent = (value: string | number): string => {
  const amount = toNumber(value);
  const text = Math.abs(amount).toFixed(2);
  if (text === '0.00') return '0.00%';
  return `${amount > 0 ? '+' : '−'}${text}%`;
};

/** Top-mover ratios are price now ÷ price 24 h ago: '1.1250' → '+12.50%'. */
export const formatRatioAsPercent = (ratio: string | number): string =>
  formatPercent((toNumber(ratio) - 1) * 100);

/** Crypto quantities: up to 8 decimals, trailing zeros dropped, with the coin's symbol. */
export const formatCrypto = (value: string | number, symbol: string): string =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 }).format(toNumber(value))} ${symbol}`;

/** Which way a change points, for colouring: up is green, down is red, flat is neutral. */
export const changeDirection = (value: string | number): 'up' | 'down' | 'flat' => {
  const amount = toNumber(value);
  if (Math.abs(amount) < 0.005) return 'flat';
  return amount > 0 ? 'up' : 'down';
};

/** Profits: '+$12.50', '−$3.20' (a true minus sign), '$0.00'. Display only. */
export const formatSignedUsd = (value: string | number): string => {
  const text = usd2.format(Math.abs(toNumber(value)));
  if (text === '$0.00') return text;
  return `${toNumber(value) > 0 ? '+' : '−'}${text}`;
};
