import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money and quantities: exact decimals wide enough for any venue's amounts, never floats. */
export const decimalColumn = () => numeric({ precision: 38, scale: 18 });

/** A moment in time, kept with its time zone so every process reads the same instant. */
export const instantColumn = () => timestamp({ withTimezone: true });
