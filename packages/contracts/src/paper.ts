import { z } from 'zod/mini';
import { ZCoinStatus } from './coins.ts';

const price = z.string().check(
  z.regex(/^\d{1,12}(\.\d{1,18})?$/, 'A price is a positive decimal string like 142.35.'),
  z.refine((value) => /[1-9]/.test(value), 'A price must be above zero.'),
);

/** Paper exchange controls (development and test only, owners only), so journeys can drive prices. */
export const ZPaperProductParams = z.strictObject({
  productId: z.string().check(z.regex(/^[A-Z0-9]{1,12}-[A-Z]{2,6}$/, 'A product id looks like SOL-USD.')),
});

export const ZSetPaperPriceBody = z.strictObject({ price });
export type TSetPaperPriceBody = z.infer<typeof ZSetPaperPriceBody>;

/** The longest step of a scripted price path: an hour. */
export const PAPER_SCRIPT_MAX_STEP_MS = 3_600_000;

/** The product walks through `prices`, one every `stepMs`, then resumes its random walk from the last one. */
export const ZScriptPaperPriceBody = z.strictObject({
  prices: z.array(price).check(z.minLength(1), z.maxLength(10_000)),
  stepMs: z.int().check(z.gte(1), z.lte(PAPER_SCRIPT_MAX_STEP_MS)),
});
export type TScriptPaperPriceBody = z.infer<typeof ZScriptPaperPriceBody>;

/** online/offline/delisted set the product's status; the others keep it online but restrict new orders. */
export const ZPaperProductAvailability = z.enum([
  'online',
  'offline',
  'delisted',
  'trading-disabled',
  'cancel-only',
  'limit-only',
  'post-only',
]);
export type TPaperProductAvailability = z.infer<typeof ZPaperProductAvailability>;

export const ZSetPaperStatusBody = z.strictObject({ status: ZPaperProductAvailability });
export type TSetPaperStatusBody = z.infer<typeof ZSetPaperStatusBody>;

export const ZPaperProductState = z.object({ productId: z.string(), price: z.string(), status: ZCoinStatus });
export type TPaperProductState = z.infer<typeof ZPaperProductState>;
