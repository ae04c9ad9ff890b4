import { type TRuntimeConfig, ZRuntimeConfig } from '@cdca/contracts';
import { createContext, useContext } from 'react';

/** Loaded before the first render so one build serves any deployment (docs/decisions/front-end.md). */
export const loadRuntimeConfig = async (): Promise<TRuntimeConfig> => {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status}).`);
  return ZRuntimeConfig.parse(await response.json());
};

export const RuntimeConfigContext = createContext<TRuntimeConfig | null>(null);

export const useRuntimeConfig = (): TRuntimeConfig => {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside RuntimeConfigContext.');
  return config;
};
