import { useExchangeAccount } from '@/features/exchange-keys/api/get-exchange-account.ts';
import { ExchangeAccountCard } from '@/features/exchange-keys/components/exchange-account-card.tsx';
import { ExchangeAccountStep } from '@/features/onboarding/components/exchange-account-step.tsx';

export default function CoinbaseRoute() {
  const account = useExchangeAccount();
  return (
    <ExchangeAccountStep canContinue={account.isSuccess}>
      <ExchangeAccountCard />
    </ExchangeAccountStep>
  );
}
