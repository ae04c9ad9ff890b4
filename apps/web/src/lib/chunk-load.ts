/** docs/product.md §8: a page's chunk that has not arrived after two minutes counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The name bundlers have long given a failed chunk, so one check recognises ours and theirs. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A failed or timed-out page chunk, whoever threw it (our timeout, Vite's preload, the browser's import()). */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'ChunkLoadError' ||
    /Loading chunk|dynamically imported module|Importing a module script/i.test(error.message));

/**
 * `load` that gives up after `timeoutMs`: a chunk stuck on a dead connection would otherwise leave the skeleton on
 * screen for ever, with no way for the trader to know a reload would help.
 */
export const withChunkTimeout =
  <T>(load: () => Promise<T>, chunk: string, timeoutMs = CHUNK_LOAD_TIMEOUT_MS) =>
  (): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new ChunkLoadError(`Loading chunk ${chunk} failed (no answer after ${timeoutMs / 1000} s).`),
          ),
        timeoutMs,
      );
      load().then(
        (loaded) => {
          clearTimeout(timer);
          resolve(loaded);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
