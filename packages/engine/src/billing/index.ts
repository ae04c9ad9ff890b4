/** Billing prices alone, for the public bundle's lazy price figures (docs/decisions/package-walls.md). */
export * from './free-allowance.ts';
export * from './launch-deal.ts';
export * from './overpayment-credit.ts';
export * from './plan-table.ts';
export * from './price-cycle.ts';
export * from './referral-discount.ts';
