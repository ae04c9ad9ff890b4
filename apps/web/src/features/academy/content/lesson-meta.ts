import { ZSkillLevel } from '@cdca/contracts';
import { z } from 'zod/mini';

/**
 * A lesson's front matter: `key: value` lines between two `---` lines at the top of the file (a YAML subset: one
 * line per field, no nesting; a value may be wrapped in double quotes). `level` is the onboarding skill level, so
 * the academy can start a trader at the lessons for the skill they chose.
 */
export const ZLessonMeta = z.strictObject({
  slug: z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case')),
  title: z.string().check(z.minLength(1), z.maxLength(80)),
  summary: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(200),
      z.regex(/^[^.!?]*[.!?]$/, 'one sentence, ending with its full stop'),
    ),
  minutes: z.coerce.number().check(z.int(), z.gte(1), z.lte(30)),
  level: ZSkillLevel,
  order: z.coerce.number().check(z.int(), z.gte(1)),
});
export type TLessonMeta = z.infer<typeof ZLessonMeta>;

export type Lesson = { meta: TLessonMeta; body: string };

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;

const unquote = (value: string) =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;

/** Splits a lesson file into its checked front matter and its Markdown body; throws on a malformed header. */
export const parseLesson = (raw: string): Lesson => {
  const text = raw.replace(/\r\n/g, '\n');
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error('a lesson starts with front matter between two --- lines');
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split('\n')) {
    if (line.trim() === '') continue;
    const at = line.indexOf(':');
    if (at <= 0) throw new Error(`front matter line "${line}" is not "key: value"`);
    const key = line.slice(0, at).trim();
    if (key in fields) throw new Error(`front matter repeats "${key}"`);
    fields[key] = unquote(line.slice(at + 1).trim());
  }
  return { meta: ZLessonMeta.parse(fields), body: text.slice(match[0].length) };
};
