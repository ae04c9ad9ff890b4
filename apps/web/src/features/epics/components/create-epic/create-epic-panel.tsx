import type { TCoin, TCreateEpicBody, TEpic, TEpicPlan, TSkillLevel } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CandlestickChart, RotateCcw } from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { ChartPriceLine } from '@/components/charts/price-history-chart.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import { PriceChange } from '@/components/ui/price-change.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { epicLabel } from '@/lib/epics/epic-identity.ts';
import { formatPrice } from '@/lib/format/number.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateEpic } from '../../api/create-epic.ts';
import {
  getPlanContextQueryOptions,
  planContextQueryKey,
  usePlanContext,
} from '../../api/get-plan-context.ts';
import type { EpicDraftState } from '../../hooks/use-epic-draft.ts';
import { knobsFor, toEpicInputs } from '../../lib/epic-draft.ts';
import {
  groupProblems,
  maxLevelsMeetingMinimum,
  previewLadder,
  problemLevels,
} from '../../lib/ladder-preview.ts';
import { ConfirmEpicDialog } from './confirm-epic-dialog.tsx';
import styles from './create-epic.module.css';
import { EpicForm } from './epic-form.tsx';
import { ladderLines } from './ladder-lines.ts';
import { LadderTable } from './ladder-table.tsx';
import { PlanSummary } from './plan-summary.tsx';

export type CreateEpicPanelProps = {
  state: EpicDraftState;
  /** The chosen coin, live; undefined while it loads or before one is chosen. */
  coin: TCoin | undefined;
  skill: TSkillLevel | null;
  /** Coin search, top movers and watchlist picks, composed by the route. */
  coinPicker: ReactNode;
  /** The coin's price chart with these lines on it, composed by the route. */
  renderChart: (lines: ChartPriceLine[]) => ReactNode;
  /** How this ladder would have done over the coin's history, composed by the route; undefined while invalid. */
  renderBacktest: (plan: TCreateEpicBody | undefined) => ReactNode;
  onCreated: (epic: TEpic) => void;
};

/**
 * Configure an epic with its exact ladder in view: planEpic runs in the browser on the server's own inputs, so
 * the table and the chart lines are what will be placed; Create Epic confirms them order by order.
 */
export const CreateEpicPanel = ({
  state,
  coin,
  skill,
  coinPicker,
  renderChart,
  renderBacktest,
  onCreated,
}: CreateEpicPanelProps) => {
  const { coinId, draft, update, reset } = state;
  const queryClient = useQueryClient();
  const context = usePlanContext(coinId ?? undefined);
  const create = useCreateEpic();
  const [confirming, setConfirming] = useState<TEpicPlan | undefined>();
  const contextReady = context.data !== undefined && context.data.product.id === coin?.symbol;

  useRealtimeEvent('coin.updated', (message) => {
    if (coinId && message.event.id === coinId) {
      void refreshQueries(queryClient, { queryKey: planContextQueryKey(coinId) });
    }
  });

  const inputs = useMemo(() => toEpicInputs(draft), [draft]);
  const planContext = contextReady ? context.data : undefined;
  const preview = useMemo(
    () => (planContext ? previewLadder(inputs, planContext) : undefined),
    [inputs, planContext],
  );
  const problems = preview && !preview.ok ? preview.problems : [];
  const grouped = groupProblems(problems);
  const underMinimum = problems.some((problem) => problem.code === 'level-below-minimum');
  const levelsCap = useMemo(
    () => (planContext && underMinimum ? maxLevelsMeetingMinimum(inputs, planContext) : undefined),
    [inputs, planContext, underMinimum],
  );

  // While the inputs are invalid, keep the last good ladder of this coin on screen (dimmed): no layout jump.
  const lastGood = useRef<{ coinId: string | null; plan: TEpicPlan } | null>(null);
  if (preview?.ok) lastGood.current = { coinId, plan: preview.plan };
  const shown = lastGood.current?.coinId === coinId ? lastGood.current.plan : undefined;
  const stale = preview !== undefined && !preview.ok;
  const lines = useMemo(() => ladderLines(stale ? undefined : shown), [stale, shown]);
  const available = context.data?.availableBalance ?? null;
  const validPlan = useMemo(
    () => (coinId && preview?.ok ? { coinId, inputs } : undefined),
    [coinId, preview?.ok, inputs],
  );

  const openConfirmation = async () => {
    if (!coinId) return;
    // Confirm against the best ask of this moment, not the one the preview was drawn from.
    const fresh = await queryClient.fetchQuery({ ...getPlanContextQueryOptions(coinId), staleTime: 0 });
    const result = previewLadder(toEpicInputs(draft), fresh);
    if (!result.ok) {
      toast.error(result.problems[0]?.message ?? 'This epic cannot be traded as set.');
      return;
    }
    setConfirming(result.plan);
  };

  const confirm = () => {
    if (!coinId) return;
    create.mutate(
      { coinId, inputs: toEpicInputs(draft) },
      {
        onSuccess: (epic) => {
          setConfirming(undefined);
          toast.success(`Epic ${epicLabel(epic.id, epic.coinSymbol)} created — level 1 is buying now.`);
          onCreated(epic);
        },
        onError: (error) => {
          setConfirming(undefined);
          toast.error(errorMessage(error, 'The epic could not be created. Please try again.'));
        },
      },
    );
  };

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <div className={styles.pickerArea}>{coinPicker}</div>
        <Card as="section" aria-label="Price and ladder" className={styles.chartCard}>
          {coinId ? (
            <>
              <CoinHeading coin={coin} />
              {renderChart(lines)}
              <Legend />
            </>
          ) : (
            <div className={styles.noCoin}>
              <CandlestickChart size={26} aria-hidden="true" />
              <p className={styles.noCoinTitle}>Pick a coin to see its ladder</p>
              <p>Choose one of today's top movers or your watchlist above, or search any coin.</p>
            </div>
          )}
        </Card>
        <Card as="section" aria-labelledby="ladder-title" className={styles.ladderCard}>
          <div className={styles.cardHead}>
            <h2 id="ladder-title" className={styles.cardTitle}>
              Ladder preview
            </h2>
            {shown ? <span className={styles.muted}>{shown.levels.length} levels</span> : null}
          </div>
          {stale ? (
            <p className={styles.staleNote} role="status">
              {Object.keys(grouped.byField).length > 0
                ? 'Fix the inputs marked in red — the ladder below is the last valid one.'
                : 'The ladder below is the last valid one.'}
            </p>
          ) : null}
          {grouped.general.length > 0 ? (
            <div className={styles.generalProblems}>
              {grouped.general.map((problem) => (
                <p key={problem.code} className={styles.problem} role="alert">
                  {problem.message}
                </p>
              ))}
              <Button
                size="sm"
                variant="secondary"
                loading={context.isFetching}
                onClick={() => void context.refetch()}
              >
                Check again
              </Button>
            </div>
          ) : null}
          {shown ? (
            <div className={stale ? `${styles.tableBox} ${styles.dimmed}` : styles.tableBox}>
              <LadderTable plan={shown} levelProblems={problemLevels(problems)} />
            </div>
          ) : coinId && !stale ? (
            <div className={styles.tableSkeleton} role="status" aria-label="Computing the ladder">
              {[0, 1, 2, 3].map((row) => (
                <Skeleton key={row} height={38} />
              ))}
            </div>
          ) : (
            <p className={styles.muted}>{coinId ? '' : 'The ladder appears once a coin is chosen.'}</p>
          )}
        </Card>
        {coinId ? <div className={styles.backtestArea}>{renderBacktest(validPlan)}</div> : null}
      </div>
      <Card as="section" aria-labelledby="settings-title" className={styles.formCard}>
        <div className={styles.cardHead}>
          <h2 id="settings-title" className={styles.cardTitle}>
            Epic settings
          </h2>
          <button type="button" className={styles.reset} onClick={reset}>
            <RotateCcw size={14} aria-hidden="true" />
            Defaults
          </button>
        </div>
        <EpicForm
          draft={draft}
          update={update}
          problems={grouped.byField}
          available={available}
          levelsCap={levelsCap}
          knobs={knobsFor(skill)}
        />
        {shown && !stale ? <PlanSummary plan={shown} available={available} /> : null}
        <Button
          size="lg"
          block
          disabled={!preview?.ok || !coinId}
          loading={create.isPending}
          onClick={() => void openConfirmation()}
        >
          Create Epic
        </Button>
        {context.isError ? (
          <p className={styles.problem} role="alert">
            {errorMessage(context.error, 'The market rules for this coin could not be loaded.')}
          </p>
        ) : null}
      </Card>
      <ConfirmEpicDialog
        open={confirming !== undefined}
        plan={confirming}
        coinName={coin?.name ?? 'new'}
        busy={create.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(undefined)}
      />
    </div>
  );
};

const CoinHeading = ({ coin }: { coin: TCoin | undefined }) =>
  coin ? (
    <div className={styles.coinHeading}>
      <CoinAvatar photo={coin.photo} symbol={coin.symbol} size={36} />
      <div className={styles.coinNames}>
        <strong>{coin.name}</strong>
        <span>{coin.symbol}</span>
      </div>
      <div className={styles.coinPrice}>
        <span className="num" data-testid="coin-price">
          {formatPrice(coin.price)}
        </span>
        <PriceChange percent={coin.change24h} size={13} />
      </div>
    </div>
  ) : (
    <div className={styles.coinHeading}>
      <Skeleton width={36} height={36} radius={18} />
      <Skeleton width={160} height={20} />
    </div>
  );

const Legend = () => (
  <ul className={styles.legend} aria-label="Chart lines">
    <li data-tone="now">Level 1 (bought now)</li>
    <li data-tone="resting">Resting buys</li>
    <li data-tone="trigger">Trigger buys</li>
    <li data-tone="tp">Take-profit after level 1</li>
  </ul>
);
