import { z } from 'zod/mini';

/**
 * The academy's lessons, by slug, in course order (apps/web/src/features/academy/content/NN-slug.md). The server
 * keeps progress only for these, so the list lives here where both sides read it; the web's content test checks
 * it names exactly the lesson files (docs/decisions/academy.md).
 */
export const LESSON_SLUGS = [
  'exchange-account',
  'community',
  'api-keys',
  'first-epic',
  'monitoring',
  'closing',
  'stats-and-sharing',
  'going-further',
  'risk',
  'level-prices',
  'scaling-and-load',
  'fees-and-break-even',
  'budget-and-minimums',
  'take-profit-repricing',
  'stops-and-liquidation',
] as const;

export const ZLessonSlug = z.enum(LESSON_SLUGS);
export type TLessonSlug = z.infer<typeof ZLessonSlug>;

/** PUT /api/v1/academy/progress/:slug */
export const ZLessonProgressParams = z.strictObject({ slug: ZLessonSlug });
export type TLessonProgressParams = z.infer<typeof ZLessonProgressParams>;

/**
 * Marks only ever go on: `true` sets a mark, an absent field leaves it as it is (a lesson read stays read). So a
 * repeated PUT changes nothing, and a client cannot un-pass a quiz by accident.
 */
export const ZLessonProgressBody = z
  .strictObject({ read: z.optional(z.literal(true)), quizPassed: z.optional(z.literal(true)) })
  .check(
    z.refine((body) => body.read !== undefined || body.quizPassed !== undefined, {
      message: 'Send read, quizPassed or both.',
    }),
  );
export type TLessonProgressBody = z.infer<typeof ZLessonProgressBody>;

export const ZLessonProgress = z.object({
  slug: ZLessonSlug,
  read: z.boolean(),
  quizPassed: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type TLessonProgress = z.infer<typeof ZLessonProgress>;

/** GET /api/v1/academy/progress: the caller's marks, only for lessons touched at least once. */
export const ZAcademyProgress = z.object({ lessons: z.array(ZLessonProgress) });
export type TAcademyProgress = z.infer<typeof ZAcademyProgress>;
