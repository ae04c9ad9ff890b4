import { ComingNextStep } from '@/features/onboarding/components/coming-next-step.tsx';

export default function CoinbaseRoute() {
  return (
    <ComingNextStep
      title="Verify your exchange account"
      lead="Epics run on a verified exchange account, so orders meet the exchange's identity and size rules."
      stateTitle="Exchange account verification arrives in the next release"
    >
      Your progress is saved. When verification ships, this step will confirm your exchange account is
      verified and ready to trade.
    </ComingNextStep>
  );
}
