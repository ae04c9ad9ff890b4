import { buttonClassName } from '@/components/ui/button.tsx';
import { SkillLevels } from '@/features/landing/components/skill-levels.tsx';
import { PublicArticle } from '../article.tsx';
import { signedInHere } from '../boot.ts';
import { usePublicConfig } from '../config.tsx';
import { signUpHrefFor } from '../frame.tsx';

/** The explainer behind onboarding's skill question; someone mid-onboarding goes back to their step. */
export default function SkillRoute() {
  const config = usePublicConfig();
  const onboarding = signedInHere();
  return (
    <PublicArticle
      eyebrow="Onboarding"
      title="Find your level"
      lead="Beginner, intermediate or expert: CDCA sets up your epics for the way you trade. Here is what each level changes."
      wide
      actions={
        <a className={buttonClassName('primary', 'lg')} href={onboarding ? '/' : signUpHrefFor(config)}>
          {onboarding ? 'Continue setting up' : 'Start free'}
        </a>
      }
    >
      <SkillLevels />
    </PublicArticle>
  );
}
