import { describe, expect, it } from 'vitest';
import { ApiError } from './http/api-error.ts';
import { retryDelayMs, shouldRetry } from './react-query.ts';

describe('query defaults', () => {
  it('retries 3 times with 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(shouldRetry(2, new Error('offline'))).toBe(true);
    expect(shouldRetry(3, new Error('offline'))).toBe(false);
  });

  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError(404, { code: 'not-found', message: 'No.' }))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, { code: 'http-503', message: 'Down.' }))).toBe(true);
  });
});
