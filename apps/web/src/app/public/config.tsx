import type { TRuntimeConfig } from '@cdca/contracts';
import { createContext, useContext } from 'react';

/** The part of the runtime config the public pages use. */
export type PublicConfig = Pick<
  TRuntimeConfig,
  'appEnv' | 'launched' | 'launchDeal' | 'launchReferralCode' | 'launchAt' | 'links'
> & { billing: Pick<TRuntimeConfig['billing'], 'usageFeeRate' | 'freeProfitAllowance'> };

const APP_ENVS: readonly PublicConfig['appEnv'][] = ['development', 'test', 'staging', 'production'];

const isAppEnv = (value: unknown): value is PublicConfig['appEnv'] =>
  typeof value === 'string' && (APP_ENVS as readonly string[]).includes(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isDecimal = (value: unknown): value is string =>
  typeof value === 'string' && /^\d+(\.\d+)?$/.test(value);

/**
 * Checks the fields the public pages read, by hand: the public bundle stays free of zod (the account app
 * still parses the whole config with the contract's schema). Null when anything is missing or mistyped.
 */
export const readPublicConfig = (value: unknown): PublicConfig | null => {
  if (!isRecord(value) || !isRecord(value.links) || !isRecord(value.billing)) return null;
  const { appEnv, launched, launchDeal, launchReferralCode, launchAt, links, billing } = value;
  const { usageFeeRate, freeProfitAllowance } = billing;
  if (!isDecimal(usageFeeRate) || !isDecimal(freeProfitAllowance)) return null;
  const { discordInvite, microblog, videoChannel } = links;
  if (!isAppEnv(appEnv)) return null;
  if (typeof launched !== 'boolean' || typeof launchDeal !== 'boolean') return null;
  if (typeof launchReferralCode !== 'string') return null;
  if (typeof launchAt !== 'string' || Number.isNaN(Date.parse(launchAt))) return null;
  if (typeof discordInvite !== 'string' || typeof microblog !== 'string' || typeof videoChannel !== 'string')
    return null;
  return {
    appEnv,
    launched,
    launchDeal,
    launchReferralCode,
    launchAt,
    links: { discordInvite, microblog, videoChannel },
    billing: { usageFeeRate, freeProfitAllowance },
  };
};

/** The config the server writes into the page (spa-shell.ts), or undefined when served without it (vite dev). */
export const embeddedConfig = (doc: Pick<Document, 'getElementById'> = document): unknown => {
  const text = doc.getElementById('cdca-config')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const PublicConfigContext = createContext<PublicConfig | null>(null);

export const usePublicConfig = (): PublicConfig => {
  const config = useContext(PublicConfigContext);
  if (!config) throw new Error('usePublicConfig must be used inside PublicConfigContext.');
  return config;
};
