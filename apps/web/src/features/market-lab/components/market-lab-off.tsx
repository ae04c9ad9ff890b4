import type { TRuntimeConfig } from '@cdca/contracts';
import { FlaskConicalOff } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export type MarketLabOffProps = Pick<TRuntimeConfig, 'appEnv' | 'exchange'>;

const reason = ({ appEnv, exchange }: MarketLabOffProps): string => {
  if (appEnv === 'production') {
    return 'This is production: the paper market cannot be driven here, whichever exchange the server uses.';
  }
  if (exchange !== 'paper') {
    return 'This server trades on a real exchange, not the paper market, so there are no prices to drive.';
  }
  return 'This server does not offer the paper market controls.';
};

/** Said plainly where the server has no paper controls (/config.json `paperMarketControls` is false). */
export const MarketLabOff = (props: MarketLabOffProps) => (
  <EmptyState icon={<FlaskConicalOff size={26} />} tag="Off on this server" title="The market lab is off">
    {reason(props)} It works in development and test, on the paper exchange (EXCHANGE=paper).
  </EmptyState>
);
