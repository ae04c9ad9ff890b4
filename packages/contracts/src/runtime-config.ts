import { z } from 'zod/mini';

/** Served at /config.json so one build serves any deployment (docs/decisions/front-end.md). */
export const ZRuntimeConfig = z.object({
  productName: z.string(),
  appEnv: z.enum(['development', 'test', 'staging', 'production']),
  auth: z.object({
    /** 'embedded' = the product's own OpenID provider at /oidc; 'auth0' or any other OIDC issuer otherwise. */
    provider: z.enum(['embedded', 'auth0', 'oidc']),
    authority: z.string(),
    clientId: z.string(),
    audience: z.string(),
  }),
  /** 'paper' is the simulated exchange: the keys screen offers to mint a key there. */
  exchange: z.enum(['paper', 'coinbase']),
  /**
   * The owners' paper market controls (POST /api/v1/paper/products/…) answer here: paper venue, not production. The
   * admin area's Market lab tab shows only then (docs/decisions/market-lab.md).
   */
  paperMarketControls: z.boolean(),
  launched: z.boolean(),
  launchDeal: z.boolean(),
  launchReferralCode: z.string(),
  launchAt: z.iso.datetime(),
  links: z.object({
    discordInvite: z.string(),
    microblog: z.string(),
    videoChannel: z.string(),
  }),
  /** The inputs the browser needs to run packages/engine billing `priceCycle` exactly as the server bills. */
  billing: z.object({
    provider: z.enum(['sandbox', 'btcpay']),
    /** Fee per dollar of volume beyond the included $500k per cycle, e.g. '0.0005'. */
    usageFeeRate: z.string(),
    /** Realised profit (USD) an account makes free before billing starts, e.g. '100'. */
    freeProfitAllowance: z.string(),
  }),
});
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() });
export type THealth = z.infer<typeof ZHealth>;
