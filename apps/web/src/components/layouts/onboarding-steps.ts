/** The onboarding order of docs/product.md §4, as shown in the step indicator. */
export const ONBOARDING_STEPS = [
  { path: '/payment', label: 'Plan' },
  { path: '/breakdown', label: 'How it works' },
  { path: '/keys', label: 'API keys' },
  { path: '/coinbase', label: 'Exchange account' },
  { path: '/discord', label: 'Community' },
  { path: '/tos', label: 'Terms' },
] as const;

export const onboardingStepIndex = (pathname: string): number =>
  ONBOARDING_STEPS.findIndex((step) => pathname === step.path || pathname.startsWith(`${step.path}/`));
