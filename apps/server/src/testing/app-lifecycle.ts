import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

type Closable = { close: () => Promise<unknown> };

/**
 * Stands in for an app that only exists while tests run: it forwards every property read to the app of the moment,
 * so a file's helpers can read `t.…` at the top level as if `t` were the app itself.
 */
const forwardingTo = <T extends Closable>(current: () => T | undefined): T =>
  new Proxy({} as T, {
    get: (_, property) => {
      const app = current();
      if (!app) throw new Error('the test app exists only while a test runs');
      return Reflect.get(app, property);
    },
  });

/** A fresh app for every test of the calling file (or describe block), closed after each test. */
export const appForEachTest = <T extends Closable>(create: () => Promise<T>): T => {
  let app: T | undefined;
  beforeEach(async () => {
    app = await create();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  return forwardingTo(() => app);
};

/** One app shared by every test of the calling file (or describe block), closed after the last one. */
export const appForAllTests = <T extends Closable>(create: () => Promise<T>): T => {
  let app: T | undefined;
  beforeAll(async () => {
    app = await create();
  });
  afterAll(async () => {
    await app?.close();
    app = undefined;
  });
  return forwardingTo(() => app);
};
