import { useEffect, useState } from 'react';
import { loadedLaunchDeal, loadLaunchDeal } from '../lib/launch-deal.ts';
import { type PricingCardFigures, pricingCardFigures } from '../lib/pricing-card.ts';

/** The pricing card's figures; null only while the launch deal's figures are still loading. */
export const usePricingCardFigures = (
  launchDeal: boolean,
  freeProfitAllowance: string,
): PricingCardFigures | null => {
  const [deal, setDeal] = useState(loadedLaunchDeal);

  useEffect(() => {
    if (!launchDeal || deal) return;
    let current = true;
    void loadLaunchDeal().then((figures) => {
      if (current) setDeal(figures);
    });
    return () => {
      current = false;
    };
  }, [launchDeal, deal]);

  if (!launchDeal) return pricingCardFigures(null, freeProfitAllowance);
  return deal ? pricingCardFigures(deal, freeProfitAllowance) : null;
};
