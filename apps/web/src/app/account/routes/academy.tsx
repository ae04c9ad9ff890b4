import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAcademyProgress } from '@/features/academy/api/get-progress.ts';
import { CourseProgressBar, LessonList } from '@/features/academy/components/lesson-list.tsx';
import { lessonPath } from '@/features/academy/lib/lesson-path.ts';
import { LESSONS } from '@/features/academy/lib/lessons.ts';
import { useAccount } from '@/lib/auth/use-account.ts';

/** /academy: the course, the trader's skill level first, with what they have read and passed. */
export default function AcademyRoute() {
  const account = useAccount();
  const progress = useAcademyProgress();
  return (
    <>
      <PageHeader
        title="Academy"
        subtitle="Short lessons from your first epic to take-profit maths — each with live examples and a quick quiz."
      />
      <CourseProgressBar lessons={LESSONS} progress={progress.data} />
      <LessonList
        lessons={LESSONS}
        skill={account.skillLevel}
        progress={progress.data}
        lessonPath={lessonPath}
      />
    </>
  );
}
