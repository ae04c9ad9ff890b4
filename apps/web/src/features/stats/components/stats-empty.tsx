import type { TStatsPeriod } from '@cdca/contracts';
import { ChartColumn } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/routes.ts';
import { STATS_PERIOD_PHRASES } from '../lib/stats-period.ts';

export type StatsEmptyProps = { period: TStatsPeriod; onShowAll: () => void };

/** Nothing to count yet: say what will appear here and how to get there, rather than a wall of zeros. */
export const StatsEmpty = ({ period, onShowAll }: StatsEmptyProps) => (
  <EmptyState
    icon={<ChartColumn size={26} />}
    title={
      period === 'all'
        ? 'Your stats start with your first epic'
        : `No trading ${STATS_PERIOD_PHRASES[period]}`
    }
    actions={
      <>
        <ButtonLink to={paths.newEpic}>Create an epic</ButtonLink>
        {period === 'all' ? null : (
          <Button variant="secondary" onClick={onShowAll}>
            Show all time
          </Button>
        )}
      </>
    }
  >
    When an epic's take-profit sells, its profit lands here: realised P&L day by day, return on the capital it
    used, win rate, volume and fees, per coin, with your best and worst epics. Running epics show their
    unrealised P&L.
  </EmptyState>
);
