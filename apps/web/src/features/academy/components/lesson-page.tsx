import { type TLessonSlug, ZLessonSlug } from '@cdca/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check, Clock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';
import { useAcademyProgress } from '../api/get-progress.ts';
import { useMarkLesson } from '../api/mark-lesson.ts';
import type { TLessonMeta } from '../content/lesson-meta.ts';
import { QUIZZES } from '../content/quizzes.ts';
import { loadLesson } from '../lib/lessons.ts';
import { marksOf } from '../lib/progress.ts';
import { SKILL_LEVEL_LABEL } from '../lib/skill-order.ts';
import styles from './academy.module.css';
import { LessonBody, type RenderWidget } from './lesson-body.tsx';
import { LessonQuiz } from './lesson-quiz.tsx';
import heading from './widget-heading.module.css';

export type LessonPageProps = {
  meta: TLessonMeta;
  next: TLessonMeta | undefined;
  academyPath: string;
  lessonPath: (slug: string) => string;
  renderWidget: RenderWidget;
};

/** Marks the lesson read once its end scrolls into view: read means reached the end, not merely opened. */
const useMarkReadAtEnd = (slug: TLessonSlug, alreadyRead: boolean, ready: boolean) => {
  const end = useRef<HTMLDivElement>(null);
  const { mutate } = useMarkLesson();
  const sent = useRef(false);
  useEffect(() => {
    const node = end.current;
    if (!ready || alreadyRead || sent.current || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting) || sent.current) return;
      sent.current = true;
      mutate({ slug, body: { read: true } });
      observer.disconnect();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [slug, alreadyRead, ready, mutate]);
  return end;
};

/** One lesson: its text and widgets (the lesson's own chunk, loaded here), its quiz, and the next lesson. */
export const LessonPage = ({ meta, next, academyPath, lessonPath, renderWidget }: LessonPageProps) => {
  const slug = ZLessonSlug.parse(meta.slug);
  const lesson = useQuery({
    queryKey: ['academy', 'lesson', slug],
    queryFn: () => loadLesson(slug),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const progress = useAcademyProgress();
  const marks = marksOf(progress.data, slug);
  const mark = useMarkLesson();
  const end = useMarkReadAtEnd(slug, marks.read, lesson.isSuccess && progress.isSuccess);
  const questions = QUIZZES[slug] ?? [];

  const passQuiz = () =>
    mark.mutate(
      { slug, body: { read: true, quizPassed: true } },
      {
        onSuccess: () => toast.success('Quiz passed — saved to your progress.'),
        onError: (error) => toast.error(errorMessage(error, 'Your pass could not be saved. Try again.')),
      },
    );

  return (
    <article className={styles.lesson}>
      <Link to={academyPath} className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" /> Academy
      </Link>
      <header className={styles.lessonHero}>
        <div className={styles.lessonMeta}>
          <span className={styles.levelTag} data-level={meta.level}>
            {SKILL_LEVEL_LABEL[meta.level]}
          </span>
          <span>
            <Clock size={14} aria-hidden="true" /> {meta.minutes} min read
          </span>
          {marks.quizPassed ? (
            <span className={styles.passedBadge}>
              <Check size={14} aria-hidden="true" /> Passed
            </span>
          ) : marks.read ? (
            <span className={styles.readBadge}>Read</span>
          ) : null}
        </div>
        <h1 className={styles.lessonHeading}>{meta.title}</h1>
        <p className={styles.lessonLead}>{meta.summary}</p>
      </header>
      {lesson.isError ? (
        <p className={styles.widgetNote}>This lesson could not be loaded. Reload the page to try again.</p>
      ) : lesson.data ? (
        <LessonBody blocks={lesson.data.blocks} renderWidget={renderWidget} />
      ) : (
        <div className={styles.prose}>
          <Skeleton height={18} />
          <Skeleton height={18} />
          <Skeleton height={18} width="70%" />
        </div>
      )}
      <div ref={end} />
      {questions.length > 0 && lesson.data ? (
        <LessonQuiz
          key={slug}
          questions={questions}
          passed={marks.quizPassed}
          onPassed={passQuiz}
          saving={mark.isPending}
        />
      ) : null}
      {next ? (
        <Link to={lessonPath(next.slug)} className={styles.nextLesson}>
          <span>
            <span className={heading.widgetKind}>Next lesson</span>
            <span className={styles.nextTitle}>{next.title}</span>
          </span>
          <ArrowRight size={20} aria-hidden="true" />
        </Link>
      ) : null}
    </article>
  );
};
