export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;

/** Arrays repeat the key without indices (`status=a&status=b`, docs/product.md §7); empty values are left out. */
export const toQueryString = (query: Query | undefined): string => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};
