import { useLocation } from 'wouter';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { CoinbaseKeyGuide } from '@/features/exchange-keys/components/coinbase-key-guide.tsx';
import { ExchangeKeyForm } from '@/features/exchange-keys/components/exchange-key-form.tsx';
import { StepHeader } from '@/features/onboarding/components/step-header.tsx';
import { statusHome } from '@/lib/auth/route-access.ts';

export default function KeysRoute() {
  const config = useRuntimeConfig();
  const [, navigate] = useLocation();
  return (
    <div style={{ display: 'grid', gap: 20 }}>
      <StepHeader title="Connect your API keys">
        CDCA trades on your exchange through an API key that can view and trade — and never transfer or
        withdraw.
      </StepHeader>
      <CoinbaseKeyGuide />
      <ExchangeKeyForm
        paper={config.exchange === 'paper'}
        submitLabel="Verify and connect"
        onConnected={(result) => navigate(statusHome(result.account.status), { replace: true })}
      />
    </div>
  );
}
