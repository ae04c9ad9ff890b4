import { isApiError } from '@/lib/http/api-error.ts';

/** `details.issues` of a validation-failed answer, keyed by body field ('body.subject' → subject). */
export const fieldErrorsOf = <Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> => {
  const errors: Partial<Record<Field, string>> = {};
  if (!isApiError(error)) return errors;
  const issues = Array.isArray(error.details?.issues) ? error.details.issues : [];
  for (const issue of issues as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = fields.find((name) => path === `body.${name}`);
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
};
