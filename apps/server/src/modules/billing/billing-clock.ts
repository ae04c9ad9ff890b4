import { type Clock, systemClock } from '@cdca/engine';

const HOUR_MS = 3_600_000;

/**
 * The clock billing reads instead of Date.now(): tests pass their own, and outside production the billing
 * controls move it forward so a journey can make a payment due and past due in seconds.
 */
export const createBillingClock = (base: Clock = systemClock) => {
  let offsetHours = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetHours * HOUR_MS),
    advance: (hours: number) => {
      offsetHours += hours;
    },
    offsetHours: () => offsetHours,
  };
};
export type BillingClock = ReturnType<typeof createBillingClock>;

export const addDays = (at: Date, days: number) => new Date(at.getTime() + days * 24 * HOUR_MS);
