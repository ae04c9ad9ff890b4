import type { TAcademyProgress, TSkillLevel } from '@cdca/contracts';
import { BookOpen, Check, CircleCheck, Clock } from 'lucide-react';
import { Link } from 'wouter';
import type { TLessonMeta } from '../content/lesson-meta.ts';
import { groupLessons } from '../lib/lessons.ts';
import { courseProgress, marksOf } from '../lib/progress.ts';
import { SKILL_LEVEL_LABEL } from '../lib/skill-order.ts';
import styles from './academy.module.css';

export type LessonListProps = {
  lessons: readonly TLessonMeta[];
  skill: TSkillLevel | null;
  progress: TAcademyProgress | undefined;
  lessonPath: (slug: string) => string;
};

export const CourseProgressBar = ({ lessons, progress }: Pick<LessonListProps, 'lessons' | 'progress'>) => {
  const figures = courseProgress(lessons, progress);
  return (
    <div className={styles.course} data-testid="course-progress">
      <div className={styles.courseFigures}>
        <span className={styles.coursePercent}>{figures.percent}%</span>
        <span className={styles.courseText}>
          {figures.done} of {figures.total} lessons passed · {figures.read} read
        </span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="Lessons passed"
        aria-valuemin={0}
        aria-valuemax={figures.total}
        aria-valuenow={figures.done}
      >
        <span style={{ width: `${figures.percent}%` }} />
      </div>
    </div>
  );
};

/** The course grouped by skill level, the trader's own first, each lesson with its read and passed marks. */
export const LessonList = ({ lessons, skill, progress, lessonPath }: LessonListProps) => (
  <div className={styles.groups}>
    {groupLessons(lessons, skill).map((group) => (
      <section key={group.level} className={styles.group} aria-labelledby={`level-${group.level}`}>
        <header className={styles.groupHeader}>
          <h2 id={`level-${group.level}`}>{SKILL_LEVEL_LABEL[group.level]}</h2>
          {group.level === (skill ?? 'beginner') ? (
            <span className={styles.yourLevel}>Your level</span>
          ) : null}
        </header>
        <ol className={styles.lessonGrid}>
          {group.lessons.map((lesson) => {
            const marks = marksOf(progress, lesson.slug);
            const state = marks.quizPassed ? 'passed' : marks.read ? 'read' : 'new';
            return (
              <li key={lesson.slug}>
                <Link
                  to={lessonPath(lesson.slug)}
                  className={styles.lessonCard}
                  data-testid="lesson-card"
                  data-slug={lesson.slug}
                  data-state={state}
                >
                  <span className={styles.lessonMark} aria-hidden="true">
                    {state === 'passed' ? (
                      <CircleCheck size={20} />
                    ) : state === 'read' ? (
                      <Check size={18} />
                    ) : (
                      <BookOpen size={18} />
                    )}
                  </span>
                  <span className={styles.lessonText}>
                    <span className={styles.lessonTitle}>{lesson.title}</span>
                    <span className={styles.lessonSummary}>{lesson.summary}</span>
                    <span className={styles.lessonFoot}>
                      <span>
                        <Clock size={13} aria-hidden="true" /> {lesson.minutes} min
                      </span>
                      <span className={styles.stateLabel} data-state={state}>
                        {state === 'passed' ? 'Quiz passed' : state === 'read' ? 'Read' : 'Not started'}
                      </span>
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </section>
    ))}
  </div>
);
