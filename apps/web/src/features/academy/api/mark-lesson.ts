import {
  type TAcademyProgress,
  type TLessonProgress,
  type TLessonProgressBody,
  type TLessonSlug,
  ZLessonProgress,
} from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { withLesson } from '../lib/progress.ts';
import { academyProgressQueryKey } from './get-progress.ts';

/** PUT /api/v1/academy/progress/:slug — marks only go on, so sending one twice is harmless. */
export const markLesson = (slug: TLessonSlug, body: TLessonProgressBody): Promise<TLessonProgress> =>
  apiRequest(`/api/v1/academy/progress/${encodeURIComponent(slug)}`, {
    method: 'PUT',
    body,
    schema: ZLessonProgress,
  });

export const useMarkLesson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: { slug: TLessonSlug; body: TLessonProgressBody }) => markLesson(slug, body),
    onSuccess: (saved) =>
      queryClient.setQueryData<TAcademyProgress>(academyProgressQueryKey, (current) =>
        withLesson(current, saved),
      ),
  });
};
