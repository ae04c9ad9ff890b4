import { ZSkillLevel } from '@cdca/contracts';

/** beginner → intermediate → expert: the onboarding skill levels in their natural order. */
export const SKILL_LEVEL_ORDER = ZSkillLevel.options;

export const SKILL_LEVEL_LABEL = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  expert: 'Expert',
} as const;
