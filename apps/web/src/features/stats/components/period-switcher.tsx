import { STATS_PERIODS, type TStatsPeriod } from '@cdca/contracts';
import { ChoiceChips } from '@/components/ui/choice-chips.tsx';
import { STATS_PERIOD_LABELS } from '../lib/stats-period.ts';

export type PeriodSwitcherProps = { period: TStatsPeriod; onChange: (period: TStatsPeriod) => void };

/** 24 h … All as a row of chips; the page keeps the choice in the URL. */
export const PeriodSwitcher = ({ period, onChange }: PeriodSwitcherProps) => (
  <ChoiceChips
    legend="Period"
    options={STATS_PERIODS}
    value={period}
    label={(value) => STATS_PERIOD_LABELS[value]}
    onChange={onChange}
  />
);
