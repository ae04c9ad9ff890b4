import type { Clock } from '@cdca/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { ChargeProvider } from './providers/charge-provider.ts';

/** What every billing step needs, passed explicitly. */
export type BillingContext = {
  db: Db;
  bus: EventBus;
  config: Config;
  clock: Clock;
  provider: ChargeProvider;
  log: FastifyBaseLogger;
  /**
   * Told the ids of payments a billing step changed, after it committed and before they are announced: the
   * partner programme books commissions here (docs/decisions/partner-programme.md).
   */
  onPaymentsChanged?: (paymentIds: ReadonlySet<string>) => Promise<void>;
};

/** A transaction or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
