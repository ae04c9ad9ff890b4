import type { TEpicInputs } from '@cdca/contracts';
import { planEpic } from '@cdca/engine';
import { useMemo, useState } from 'react';
import type { TLadderAttributes } from '../../content/directives.ts';
import { type PriceSource, type PriceSourceProps, referencePrice } from './price-source.tsx';
import type { WidgetMarketState } from './widget-types.ts';

/**
 * A lesson widget's plan: the domain's planEpic on the coin's real product rules, at the lesson's pinned price
 * until the reader switches to the live best ask (docs/decisions/academy.md). `priceSwitch` drives the switch.
 */
export const useLessonPlan = (
  attributes: TLadderAttributes,
  inputs: TEpicInputs,
  market: WidgetMarketState,
) => {
  const [source, setSource] = useState<PriceSource>(attributes.price ? 'lesson' : 'live');
  const ready = market.state === 'ready' ? market.market : undefined;
  const result = useMemo(
    () =>
      ready
        ? planEpic(inputs, ready.product, referencePrice(source, attributes.price, ready.livePrice))
        : undefined,
    [ready, inputs, source, attributes.price],
  );
  const priceSwitch: PriceSourceProps = {
    pinned: attributes.price,
    live: ready?.livePrice,
    source,
    onChange: setSource,
  };
  return { ready, result, priceSwitch };
};
