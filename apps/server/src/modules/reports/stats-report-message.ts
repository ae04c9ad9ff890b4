import { formatUsd, money } from '@cdca/engine';

/** The spec's sentence (docs/product.md §4): 'Congrats! Your portfolio is up $12.34 in the last 24hrs!'. */
export const statsReportMessage = (realised: string): string =>
  `Congrats! Your portfolio is up ${formatUsd(money(realised))} in the last 24hrs!`;
