import type { TPaperProductAvailability } from '@cdca/contracts';
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
