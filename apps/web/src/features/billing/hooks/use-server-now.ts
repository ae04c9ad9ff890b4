import { serverClockOffset } from '../lib/server-clock.ts';
import { useNow } from './use-now.ts';

/** A query's answer carrying the server's time (ZPaymentList, ZBillingSummary) and when it arrived. */
export type ServerTimedAnswer = { data?: { now: string } | undefined; dataUpdatedAt: number };

/**
 * The server's time now, for judging due dates and charge expiries: the device clock, re-read every `intervalMs`,
 * corrected by the offset the answer's `now` showed when it arrived.
 */
export const useServerNow = (answer: ServerTimedAnswer, intervalMs?: number): number =>
  useNow(intervalMs) + serverClockOffset(answer.data?.now, answer.dataUpdatedAt);
