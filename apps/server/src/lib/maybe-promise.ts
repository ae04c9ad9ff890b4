/**
 * A value that is often already at hand (a remembered token, a held account row, a count far from its limit) and
 * otherwise has to be waited for. The request hooks that read it run as callbacks, so their usual case costs no
 * promise and no turn of the microtask queue (docs/decisions/request-fast-path.md).
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Runs `step` with the value: now when it is at hand (a throw then reaches the caller, as from any callback hook),
 * or once its promise resolves (a rejection, or a throw from `step`, then goes to `fail`).
 */
export const whenReady = <T>(
  value: MaybePromise<T>,
  step: (value: T) => void,
  fail: (error: Error) => void,
): void => {
  if (value instanceof Promise) value.then(step).catch(fail);
  else step(value);
};

/** `read` applied to the value: at once when it is at hand, else once its promise resolves. */
export const mapReady = <T, U>(value: MaybePromise<T>, read: (value: T) => U): MaybePromise<U> =>
  value instanceof Promise ? value.then(read) : read(value);
