import { TermsStep } from '@/features/onboarding/components/terms-step.tsx';

export default function TosRoute() {
  return <TermsStep />;
}
