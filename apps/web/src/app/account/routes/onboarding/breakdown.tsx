import { BreakdownStep } from '@/features/onboarding/components/breakdown-step.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

export default function BreakdownRoute() {
  const account = useAccount();
  return <BreakdownStep initialSkillLevel={account.skillLevel} />;
}
