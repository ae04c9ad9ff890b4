import type { TPaperProductAvailability } from '@cdca/contracts';
import type { Config } from '../../config.ts';
import type { PaperKeyMinter } from '../exchange-keys/mint-paper-key.ts';

/** What the paper exchange lets development and tests drive; a real venue has none of it. */
export type PaperMarketControls = PaperKeyMinter & {
  setPrice: (productId: string, price: string) => void | Promise<void>;
  scriptPath: (
    productId: string,
    script: { prices: readonly string[]; stepMs: number },
  ) => void | Promise<void>;
  setStatus: (productId: string, status: TPaperProductAvailability) => void | Promise<void>;
};

/**
 * Whether this server offers the controls at all: only on the paper venue and never in production, where paper is an
 * explicit choice said out loud (docs/decisions/production-is-explicit.md). The services and `/config.json` both read
 * this, so the owners' Market lab tab shows exactly where the routes answer (docs/decisions/market-lab.md).
 */
export const paperMarketControlsOn = (config: Pick<Config, 'exchange' | 'appEnv'>): boolean =>
  config.exchange.kind === 'paper' && config.appEnv !== 'production';
