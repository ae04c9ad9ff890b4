import { ComingNextStep } from '@/features/onboarding/components/coming-next-step.tsx';

export default function KeysRoute() {
  return (
    <ComingNextStep
      title="Connect your API keys"
      lead="CDCA trades on your exchange through API keys that can trade but never transfer or withdraw."
      stateTitle="Connecting exchange API keys arrives in the next release"
    >
      Your account is saved at this step. As soon as key connection ships, you will continue right here — we
      will check that your keys cannot move funds before accepting them.
    </ComingNextStep>
  );
}
