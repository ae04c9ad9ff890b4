/** Every partner-programme query lives under this key, so one invalidation refreshes codes, users and payouts. */
export const PARTNERS_QUERY_KEY = ['partners'] as const;
