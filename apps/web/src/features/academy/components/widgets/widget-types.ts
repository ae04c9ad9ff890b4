import type { TEpicInputs, TEpicPlan, TPlanContext, TPlanProblem } from '@cdca/contracts';
import type { ReactNode } from 'react';

/** The coin's market as the create-epic form plans on it: product rules and the live best ask. */
export type WidgetMarket = { product: TPlanContext['product']; livePrice: string };

/** What the market lookup gives a widget: the market, or why there is none yet. */
export type WidgetMarketState =
  | { state: 'ready'; market: WidgetMarket }
  | { state: 'loading' }
  | { state: 'unavailable'; reason: string };

/** Writes these inputs to the epic draft (`cdca.epicInputs`) and opens the create-epic page on them. */
export type OpenInNewEpic = (request: { productId?: string; inputs: Partial<TEpicInputs> }) => void;

/** The create-epic preview (ladder table and chart) for a plan, composed by the page (features never meet). */
export type RenderLadder = (plan: TEpicPlan, problems: readonly TPlanProblem[]) => ReactNode;
