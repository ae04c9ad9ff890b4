import type { TErrorCode } from '@cdca/contracts';

/** An error the API answers with its own status and code; anything else becomes a 500 internal-error. */
export class AppError extends Error {
  readonly status: number;
  readonly code: TErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, code: TErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const notFound = (what: string) => new AppError(404, 'not-found', `${what} was not found.`);
export const forbidden = (message = 'You do not have access to this.') =>
  new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, 'unauthorized', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
