import { GraduationCap } from 'lucide-react';
import { useParams } from 'wouter';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/routes.ts';
import { LessonPage } from '@/features/academy/components/lesson-page.tsx';
import { lessonPath } from '@/features/academy/lib/lesson-path.ts';
import { lessonBySlug, nextLesson } from '@/features/academy/lib/lessons.ts';
import { useAccount } from '@/lib/auth/use-account.ts';
import { useRenderWidget } from './academy-widgets.tsx';

/** /academy/:slug — one lesson, its widgets composed with the epic and market features. */
export default function AcademyLessonRoute() {
  const { slug = '' } = useParams();
  const account = useAccount();
  const renderWidget = useRenderWidget(account.skillLevel);
  const meta = lessonBySlug(slug);
  if (!meta) {
    return (
      <EmptyState
        icon={<GraduationCap size={26} />}
        title="No such lesson"
        actions={<ButtonLink to={paths.academy}>All lessons</ButtonLink>}
      >
        This lesson does not exist, or has moved.
      </EmptyState>
    );
  }
  return (
    <LessonPage
      key={meta.slug}
      meta={meta}
      next={nextLesson(meta.slug, account.skillLevel)}
      academyPath={paths.academy}
      lessonPath={lessonPath}
      renderWidget={renderWidget}
    />
  );
}
