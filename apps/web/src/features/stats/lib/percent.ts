/** A share such as a win rate: '66.67%', '100%'. Unsigned, unlike formatPercent's changes; display only. */
export const formatShare = (value: string | null): string => {
  if (value === null) return '—';
  const amount = Number(value);
  return Number.isFinite(amount)
    ? `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount)}%`
    : '—';
};
