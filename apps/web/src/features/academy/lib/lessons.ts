import type { TSkillLevel } from '@cdca/contracts';
import { parseLesson, type TLessonMeta } from '../content/lesson-meta.ts';
import type { CompiledLesson } from './lesson-nodes.ts';
import { SKILL_LEVEL_ORDER } from './skill-order.ts';

/**
 * The course, compiled at build time (build/lessons-plugin.ts). Only the front matter is bundled with the
 * academy's pages; each lesson's text is its own chunk, loaded when the lesson opens.
 */
const HEADERS = import.meta.glob<string>('../content/[0-9]*.md', {
  query: '?lesson-meta',
  import: 'default',
  eager: true,
});
const BODIES = import.meta.glob<CompiledLesson>('../content/[0-9]*.md', {
  query: '?lesson',
  import: 'default',
});

type Entry = { meta: TLessonMeta; load: () => Promise<CompiledLesson> };

const ENTRIES: Entry[] = Object.entries(HEADERS)
  .map(([path, header]) => {
    const load = BODIES[path];
    if (!load) throw new Error(`no body for ${path}`);
    return { meta: parseLesson(header).meta, load };
  })
  .sort((a, b) => a.meta.order - b.meta.order);

/** Every lesson's front matter, in course order. */
export const LESSONS: readonly TLessonMeta[] = ENTRIES.map((entry) => entry.meta);

export const lessonBySlug = (slug: string): TLessonMeta | undefined => LESSONS.find((l) => l.slug === slug);

export const loadLesson = (slug: string): Promise<CompiledLesson> => {
  const entry = ENTRIES.find((e) => e.meta.slug === slug);
  if (!entry) return Promise.reject(new Error(`no lesson ${slug}`));
  return entry.load();
};

export type LessonGroup = { level: TSkillLevel; lessons: TLessonMeta[] };

/**
 * The course grouped by skill level (the content's `level`), the trader's own level first, then the others in
 * their usual order; within a group, course order. No skill chosen yet reads as beginner.
 */
export const groupLessons = (lessons: readonly TLessonMeta[], skill: TSkillLevel | null): LessonGroup[] => {
  const first = skill ?? 'beginner';
  const levels = [first, ...SKILL_LEVEL_ORDER.filter((level) => level !== first)];
  return levels
    .map((level) => ({
      level,
      lessons: lessons.filter((l) => l.level === level).sort((a, b) => a.order - b.order),
    }))
    .filter((group) => group.lessons.length > 0);
};

/** The lesson after this one in the reading order the trader sees on /academy. */
export const nextLesson = (slug: string, skill: TSkillLevel | null): TLessonMeta | undefined => {
  const ordered = groupLessons(LESSONS, skill).flatMap((group) => group.lessons);
  const at = ordered.findIndex((l) => l.slug === slug);
  return at < 0 ? undefined : ordered[at + 1];
};
