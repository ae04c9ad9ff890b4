import type { TAcademyProgress } from '@cdca/contracts';
import { BookOpen, CircleCheck, GraduationCap, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { readString, writeString } from '@/lib/storage/storage.ts';
import { useAcademyProgress } from '../api/get-progress.ts';
import type { TLessonMeta } from '../content/lesson-meta.ts';
import { LESSONS } from '../lib/lessons.ts';
import { isDone, marksOf } from '../lib/progress.ts';
import styles from './beginner-checklist.module.css';
import heading from './widget-heading.module.css';

/** How many of the first beginner lessons the checklist lists. */
const CHECKLIST_LENGTH = 4;

export const checklistLessons = (lessons: readonly TLessonMeta[]): TLessonMeta[] =>
  lessons
    .filter((lesson) => lesson.level === 'beginner')
    .sort((a, b) => a.order - b.order)
    .slice(0, CHECKLIST_LENGTH);

type ChecklistProps = {
  progress: TAcademyProgress | undefined;
  lessonPath: (slug: string) => string;
  academyPath: string;
  onDismiss: () => void;
};

const Checklist = ({ progress, lessonPath, academyPath, onDismiss }: ChecklistProps) => {
  const items = checklistLessons(LESSONS);
  const done = items.filter((lesson) => isDone(marksOf(progress, lesson.slug))).length;
  return (
    <section className={styles.checklist} aria-labelledby="checklist-title" data-testid="beginner-checklist">
      <header className={styles.checklistHeader}>
        <span className={heading.widgetIcon} aria-hidden="true">
          <GraduationCap size={18} />
        </span>
        <span className={heading.widgetHeading}>
          <span className={heading.widgetKind}>
            Before your first epic · {done}/{items.length}
          </span>
          <span className={heading.widgetTitle} id="checklist-title">
            Learn the basics in a few minutes
          </span>
        </span>
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Hide the checklist">
          <X size={16} />
        </button>
      </header>
      <ol className={styles.checklistItems}>
        {items.map((lesson) => {
          const passed = isDone(marksOf(progress, lesson.slug));
          return (
            <li key={lesson.slug} data-done={passed || undefined}>
              {passed ? (
                <CircleCheck size={18} className={styles.checkDone} aria-label="Done" />
              ) : (
                <BookOpen size={18} className={styles.checkTodo} aria-hidden="true" />
              )}
              <Link to={lessonPath(lesson.slug)}>{lesson.title}</Link>
              <span className={styles.checklistMinutes}>{lesson.minutes} min</span>
            </li>
          );
        })}
      </ol>
      <Link to={academyPath} className={styles.checklistMore}>
        All lessons in the Academy →
      </Link>
    </section>
  );
};

/**
 * The dashboard's beginner checklist while the trader has no epic yet: the first beginner lessons with their done
 * marks. Dismissing it is remembered in this browser.
 */
export const BeginnerChecklist = (props: Omit<ChecklistProps, 'progress' | 'onDismiss'>) => {
  const [dismissed, setDismissed] = useState(() => readString('academyChecklistDismissed') === 'true');
  const progress = useAcademyProgress();
  if (dismissed) return null;
  return (
    <Checklist
      {...props}
      progress={progress.data}
      onDismiss={() => {
        writeString('academyChecklistDismissed', 'true');
        setDismissed(true);
      }}
    />
  );
};
