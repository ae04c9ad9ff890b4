import { PUBLIC_EVENT_NAMES, type TRealtimeEventName, ZRealtimeEventName } from '@cdca/contracts';
import { z } from 'zod';
import type { BusLogger } from './bus-logger.ts';
import type { RealtimeEnvelope } from './event-bus.ts';

export const isPublicEvent = (name: TRealtimeEventName): boolean => PUBLIC_EVENT_NAMES.includes(name);

/**
 * Everything the envelope's type promises (ZRealtimeMessage: a known event name, an event with an id, anything else
 * beside it), checked without copying the event: the default object mode reads only the keys it names, where the
 * message's own loose schema copied every field of every event published. A private event addressed to everyone
 * would leak one account's data to all, so it is refused outright.
 */
const ZEnvelopeCheck = z
  .object({
    accountId: z.string().min(1).nullable(),
    message: z.object({ routingKey: ZRealtimeEventName, event: z.object({ id: z.string() }) }),
  })
  .refine((envelope) => envelope.accountId !== null || isPublicEvent(envelope.message.routingKey), {
    message: 'only public events may be sent without an account id',
    path: ['accountId'],
  });

/**
 * Publishing must never fail the request that caused the event (the change is already committed), so an
 * invalid envelope is a programming error that is logged loudly and dropped instead of thrown.
 */
export const validEnvelope = (envelope: unknown, log: BusLogger): RealtimeEnvelope | undefined => {
  const check = ZEnvelopeCheck.safeParse(envelope);
  // The check covers all that RealtimeEnvelope promises; the envelope itself goes on, its event not copied.
  if (check.success) return envelope as RealtimeEnvelope;
  log.error({ issues: check.error.issues }, 'invalid realtime event dropped');
  return undefined;
};
