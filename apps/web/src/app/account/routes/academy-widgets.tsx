import type { TEpicInputs, TEpicPlan, TSkillLevel } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { PriceHistoryChart } from '@/components/charts/price-history-chart.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { RenderWidget } from '@/features/academy/components/lesson-body.tsx';
import { BreakEvenCalculator } from '@/features/academy/components/widgets/break-even-calculator.tsx';
import { FillSimulator } from '@/features/academy/components/widgets/fill-simulator.tsx';
import { LadderPlayground } from '@/features/academy/components/widgets/ladder-playground.tsx';
import type { OpenInNewEpic, WidgetMarketState } from '@/features/academy/components/widgets/widget-types.ts';
import { usePlanContext } from '@/features/epics/api/get-plan-context.ts';
import { ladderLines } from '@/features/epics/components/create-epic/ladder-lines.ts';
import { LadderTable } from '@/features/epics/components/create-epic/ladder-table.tsx';
import { defaultDraft, type EpicDraft } from '@/features/epics/lib/epic-draft.ts';
import { readStoredDraft, writeStoredDraft } from '@/features/epics/lib/epic-draft-store.ts';
import { useCandles } from '@/features/market/api/get-candles.ts';
import { searchCoinsQueryOptions, useCoinSearch } from '@/features/market/api/search-coins.ts';
import { useMediaQuery } from '@/hooks/use-media-query.ts';
import { newEpicPath } from './create-epic-path.ts';

/**
 * The academy's widgets composed with the epic and market features (features never import each other,
 * docs/architecture.md): the coin's real product rules and live best ask from the create-epic plan context, the
 * create-epic ladder table and chart, and the create-epic draft in browser storage for "Open in New epic".
 */

/** The catalogue's search matches names and base symbols, so a product is looked up by its base (BTC). */
const baseOf = (productId: string) => productId.split('-')[0] ?? productId;

const useCoinIdOf = (productId: string) => {
  const search = useCoinSearch(baseOf(productId));
  return { search, coinId: search.data?.coins.find((coin) => coin.symbol === productId)?.id };
};

const useWidgetMarket = (productId: string): WidgetMarketState & { coinId?: string } => {
  const { search, coinId } = useCoinIdOf(productId);
  const context = usePlanContext(coinId);
  if (search.isError || (search.data && !coinId)) {
    return { state: 'unavailable', reason: `${productId} is not traded here, so this example cannot run.` };
  }
  if (context.isError)
    return { state: 'unavailable', reason: 'The market could not be loaded. Try again shortly.' };
  if (!context.data || !coinId) return { state: 'loading' };
  return {
    state: 'ready',
    coinId,
    market: { product: context.data.product, livePrice: context.data.referencePrice },
  };
};

const LadderChart = ({ coinId, plan }: { coinId: string; plan: TEpicPlan }) => {
  const candles = useCandles(coinId, '1D');
  const narrow = useMediaQuery('(max-width: 650px)');
  const height = narrow ? 240 : 300;
  if (candles.isPending) return <Skeleton height={height} radius={10} />;
  return (
    <PriceHistoryChart
      kind="candles"
      candles={candles.data ?? []}
      height={height}
      label={`${plan.productId} over the last day with the playground's levels`}
      priceLines={ladderLines(plan)}
      fitKey={coinId}
      emptyText={candles.isError ? 'The price history could not be loaded.' : undefined}
    />
  );
};

type LadderWidgetProps = Omit<Parameters<typeof LadderPlayground>[0], 'market' | 'renderLadder'>;

const LadderWidget = (props: LadderWidgetProps) => {
  const market = useWidgetMarket(props.attributes.coin);
  return (
    <LadderPlayground
      {...props}
      market={market}
      renderLadder={(plan) => (
        <>
          {market.coinId ? <LadderChart coinId={market.coinId} plan={plan} /> : null}
          <LadderTable plan={plan} />
        </>
      )}
    />
  );
};

const FillWidget = (props: Omit<Parameters<typeof FillSimulator>[0], 'market'>) => (
  <FillSimulator {...props} market={useWidgetMarket(props.attributes.coin)} />
);

/** The plan inputs as the create-epic form keeps them (text fields stay text). */
const draftChange = (inputs: Partial<TEpicInputs>): Partial<EpicDraft> => ({
  ...(inputs.budget !== undefined ? { budget: inputs.budget } : {}),
  ...(inputs.dcaLevels !== undefined && !Number.isNaN(inputs.dcaLevels)
    ? { dcaLevels: String(inputs.dcaLevels) }
    : {}),
  ...(inputs.scaling ? { scaling: inputs.scaling } : {}),
  ...(inputs.load ? { load: inputs.load } : {}),
  ...(inputs.direction ? { direction: inputs.direction } : {}),
  ...(inputs.buySpread !== undefined ? { buySpread: inputs.buySpread } : {}),
  ...(inputs.sellSpread !== undefined ? { sellSpread: inputs.sellSpread } : {}),
  ...(inputs.stopSpread !== undefined ? { stopSpread: inputs.stopSpread } : {}),
});

/**
 * "Open in New epic": the widget's inputs over the stored draft (or the skill level's defaults), saved under
 * `cdca.epicInputs` where the create-epic page restores its draft from, then that page — on the widget's coin.
 */
export const useOpenInNewEpic = (skill: TSkillLevel | null): OpenInNewEpic => {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return ({ productId, inputs }) => {
    void (async () => {
      const stored = readStoredDraft();
      let coinId = stored?.coinId ?? null;
      if (productId) {
        const found = await queryClient
          .fetchQuery(searchCoinsQueryOptions(baseOf(productId)))
          .then((list) => list.coins.find((coin) => coin.symbol === productId)?.id)
          .catch(() => undefined);
        coinId = found ?? coinId;
      }
      writeStoredDraft(coinId, { ...(stored?.draft ?? defaultDraft(skill)), ...draftChange(inputs) });
      navigate(newEpicPath(coinId ?? undefined));
    })();
  };
};

/** Each directive's widget, for LessonBody. */
export const useRenderWidget = (skill: TSkillLevel | null): RenderWidget => {
  const onOpen = useOpenInNewEpic(skill);
  return (directive) => {
    switch (directive.name) {
      case 'ladder-playground':
        return <LadderWidget attributes={directive.attributes} inputs={directive.inputs} onOpen={onOpen} />;
      case 'fill-simulator':
        return <FillWidget attributes={directive.attributes} inputs={directive.inputs} onOpen={onOpen} />;
      case 'break-even-calculator':
        return <BreakEvenCalculator attributes={directive.attributes} onOpen={onOpen} />;
    }
  };
};
