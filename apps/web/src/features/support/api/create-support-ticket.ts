import type { TCreateSupportTicketBody } from '@cdca/contracts';

export type SupportField = keyof TCreateSupportTicketBody;

export type CreateTicketResult =
  | { ok: true; ticketId: string }
  | { ok: false; message: string; fieldErrors: Partial<Record<SupportField, string>> };

const FIELDS: readonly SupportField[] = ['email', 'name', 'topic', 'subject', 'message'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The signed-in user's access token, read from where oidc-client-ts keeps it, so a trader's ticket is linked to
 * their account even on the public site (which does not load the sign-in library). Expired tokens are not sent.
 */
export const storedAccessToken = (storage: Storage | undefined, nowSeconds: number): string | undefined => {
  if (!storage) return undefined;
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (!key?.startsWith('oidc.user:')) continue;
    try {
      const user: unknown = JSON.parse(storage.getItem(key) ?? 'null');
      if (!isRecord(user)) continue;
      const { access_token: token, expires_at: expiresAt } = user;
      if (typeof token === 'string' && typeof expiresAt === 'number' && expiresAt > nowSeconds + 30)
        return token;
    } catch {
      // A damaged entry: send the ticket without an account.
    }
  }
  return undefined;
};

/** `details.issues` of a validation-failed answer, keyed by form field ('body.email' → email). */
const fieldErrorsOf = (details: unknown): Partial<Record<SupportField, string>> => {
  const errors: Partial<Record<SupportField, string>> = {};
  const issues = isRecord(details) && Array.isArray(details.issues) ? details.issues : [];
  for (const issue of issues) {
    if (!isRecord(issue) || typeof issue.path !== 'string' || typeof issue.message !== 'string') continue;
    const field = FIELDS.find((name) => issue.path === `body.${name}`);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
};

const browserStorage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/** POST /api/v1/support-tickets: the server validates, rate-limits and stores the ticket. */
export const createSupportTicket = async (body: TCreateSupportTicketBody): Promise<CreateTicketResult> => {
  const token = storedAccessToken(browserStorage(), Date.now() / 1000);
  let response: Response;
  try {
    response = await fetch('/api/v1/support-tickets', {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    return {
      ok: false,
      message: 'We could not reach CDCA. Check your connection and send again.',
      fieldErrors: {},
    };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && isRecord(answer) && typeof answer.id === 'string') {
    return { ok: true, ticketId: answer.id };
  }
  const fieldErrors = isRecord(answer) ? fieldErrorsOf(answer.details) : {};
  const message =
    Object.keys(fieldErrors).length > 0
      ? 'Please fix the fields marked below.'
      : isRecord(answer) && typeof answer.message === 'string'
        ? answer.message
        : 'Something went wrong on our side. Please try again in a moment.';
  return { ok: false, message, fieldErrors };
};
