import { type BaseLogger, pino } from 'pino';

/** The slice of a pino (or Fastify) logger the buses need; the bus starts before the app and its logger. */
export type BusLogger = Pick<BaseLogger, 'info' | 'warn' | 'error'>;

export const defaultBusLogger = (): BusLogger => pino({ name: 'realtime-bus' });
