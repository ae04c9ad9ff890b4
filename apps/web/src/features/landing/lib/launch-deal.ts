import type { LaunchDealFigures } from '@cdca/engine';

let loaded: LaunchDealFigures | undefined;

/**
 * The launch deal's figures from the billing helper (packages/engine). It computes with decimal.js, which the
 * landing page otherwise never needs, so it is fetched only while the deal is on — before the first render.
 */
export const loadLaunchDeal = async (): Promise<LaunchDealFigures> => {
  if (!loaded) loaded = (await import('@cdca/engine/billing')).launchDealFigures('regular');
  return loaded;
};

/** The figures, when loadLaunchDeal has already finished. */
export const loadedLaunchDeal = (): LaunchDealFigures | undefined => loaded;
