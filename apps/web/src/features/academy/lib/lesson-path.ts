import { paths } from '@/config/routes.ts';

/** A lesson's address, from the route manifest's `/academy/:slug`. */
export const lessonPath = (slug: string): string =>
  paths.academyLesson.replace(':slug', encodeURIComponent(slug));
