import { PUBLIC_EVENT_NAMES, type TRealtimeEventName, ZRealtimeMessage } from '@cdca/contracts';
import { z } from 'zod';
import type { BusLogger } from './bus-logger.ts';
import type { RealtimeEnvelope } from './event-bus.ts';

export const isPublicEvent = (name: TRealtimeEventName): boolean => PUBLIC_EVENT_NAMES.includes(name);

/** A private event addressed to everyone would leak one account's data to all, so it is refused outright. */
export const ZRealtimeEnvelope = z
  .object({ accountId: z.string().min(1).nullable(), message: ZRealtimeMessage })
  .refine((envelope) => envelope.accountId !== null || isPublicEvent(envelope.message.routingKey), {
    message: 'only public events may be sent without an account id',
    path: ['accountId'],
  });

/**
 * Publishing must never fail the request that caused the event (the change is already committed), so an
 * invalid envelope is a programming error that is logged loudly and dropped instead of thrown.
 */
export const validEnvelope = (envelope: unknown, log: BusLogger): RealtimeEnvelope | undefined => {
  const parsed = ZRealtimeEnvelope.safeParse(envelope);
  if (parsed.success) return parsed.data;
  log.error({ issues: parsed.error.issues }, 'invalid realtime event dropped');
  return undefined;
};
