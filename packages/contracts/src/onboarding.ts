import { z } from 'zod/mini';
import { ZSkillLevel } from './account.ts';

/**
 * Each onboarding step is completed through its own call; the server refuses skipping or going back.
 * The keys and exchange-account steps are completed by the exchange module (issue 3).
 */
export const ONBOARDING_STEPS = [
  'payment',
  'breakdown',
  'keys',
  'coinbase-account',
  'discord',
  'tos',
] as const;
export const ZOnboardingStep = z.enum(ONBOARDING_STEPS);
export type TOnboardingStep = z.infer<typeof ZOnboardingStep>;

export const ZCompletePaymentStepBody = z.strictObject({});
export const ZCompleteBreakdownStepBody = z.strictObject({ skillLevel: ZSkillLevel });
export const ZCompleteDiscordStepBody = z.strictObject({});
export const ZCompleteTosStepBody = z.strictObject({ accepted: z.literal(true) });
