import { test } from '@playwright/test';
import { type RunningServer, startServer } from './server.ts';

type ServerEnv = Record<string, string>;

/**
 * A journey's own server: started before its tests on the journey's own port (journeys run side by side, each on
 * its port) and stopped after them, even when one failed. Called where the hooks belong (the file or a describe);
 * what it returns stands for the server once it has started. `env` may be a function, for settings an earlier hook
 * learns (a fake provider's address).
 */
export const journeyServer = (port: number, env: ServerEnv | (() => ServerEnv) = {}): RunningServer => {
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    server = await startServer(port, typeof env === 'function' ? env() : env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const current = () => {
    if (!server) throw new Error(`the server on port ${port} is used before its journey started it`);
    return server;
  };
  return {
    get url() {
      return current().url;
    },
    get dataDir() {
      return current().dataDir;
    },
    stop: () => current().stop(),
    kill: () => current().kill(),
    restart: () => current().restart(),
    admin: (...args) => current().admin(...args),
  };
};
