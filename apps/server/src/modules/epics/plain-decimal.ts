import { money } from '@cdca/engine';

/** numeric(38,18) columns come back as '12.500000000000000000'; the wire carries '12.5'. */
export const plainDecimal = (value: string): string => money(value).toFixed();

export const plainDecimalOrNull = (value: string | null): string | null =>
  value === null ? null : plainDecimal(value);
