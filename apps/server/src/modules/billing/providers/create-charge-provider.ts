import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { createBtcpayProvider } from './btcpay/btcpay-provider.ts';
import type { ChargeProvider } from './charge-provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.ts';
import { createSandboxStore, type SandboxStore } from './sandbox/sandbox-store.ts';

export type ChargeProviderBundle = {
  provider: ChargeProvider;
  /** Set when the provider is the embedded sandbox: its hosted page is served by this app. */
  sandbox?: { store: SandboxStore; provider: SandboxProvider };
};

/** The provider BILLING_PROVIDER names (docs/decisions/runtime.md: sandbox embedded, BTCPay Server in production). */
export const createChargeProvider = (
  config: Config,
  db: Db,
  clock: { now: () => Date },
): ChargeProviderBundle => {
  if (config.billing.provider === 'btcpay' && config.billing.btcpay) {
    return { provider: createBtcpayProvider({ settings: config.billing.btcpay }) };
  }
  const store = createSandboxStore(db, clock);
  const sandbox = createSandboxProvider({ store, publicUrl: config.publicUrl, clock });
  return { provider: sandbox.provider, sandbox: { store, provider: sandbox } };
};
