import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, withChunkTimeout } from './chunk-load.ts';

describe('withChunkTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fails a chunk that has not arrived after 120 s with a ChunkLoadError naming it', async () => {
    const load = withChunkTimeout(() => new Promise<never>(() => {}), 'account/routes/stats.tsx');
    const loading = load();
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void loading.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe(
      'Loading chunk account/routes/stats.tsx failed (no answer after 120 s).',
    );
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('answers a chunk that arrives in time, and passes its own failure through', async () => {
    await expect(withChunkTimeout(async () => ({ default: 'page' }), 'x')()).resolves.toEqual({
      default: 'page',
    });
    const refused = new TypeError('Failed to fetch dynamically imported module: /static/js/stats-1.js');
    await expect(withChunkTimeout(() => Promise.reject(refused), 'x')()).rejects.toBe(refused);
    expect(isChunkLoadError(refused)).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
