import type { TAcademyProgress, TLessonProgress } from '@cdca/contracts';
import type { TLessonMeta } from '../content/lesson-meta.ts';

export type LessonMarks = { read: boolean; quizPassed: boolean };
const NONE: LessonMarks = { read: false, quizPassed: false };

export const marksOf = (progress: TAcademyProgress | undefined, slug: string): LessonMarks => {
  const found = progress?.lessons.find((l) => l.slug === slug);
  return found ? { read: found.read, quizPassed: found.quizPassed } : NONE;
};

/** A lesson is done when its quiz is passed (reading alone is progress, not completion). */
export const isDone = (marks: LessonMarks): boolean => marks.quizPassed;

export type CourseProgress = { done: number; read: number; total: number; percent: number };

export const courseProgress = (
  lessons: readonly TLessonMeta[],
  progress: TAcademyProgress | undefined,
): CourseProgress => {
  const marks = lessons.map((l) => marksOf(progress, l.slug));
  const done = marks.filter(isDone).length;
  const read = marks.filter((m) => m.read || m.quizPassed).length;
  const total = lessons.length;
  return { done, read, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
};

/** The cache after a PUT answered `saved`: that lesson's marks replaced, the rest untouched. */
export const withLesson = (
  progress: TAcademyProgress | undefined,
  saved: TLessonProgress,
): TAcademyProgress => ({
  lessons: [...(progress?.lessons ?? []).filter((l) => l.slug !== saved.slug), saved],
});
