import { test } from '@playwright/test';
import { freePort } from '../../apps/server/src/testing/local-server.ts';
import { type RunningServer, startServer } from './server.ts';

type ServerEnv = Record<string, string>;

/**
 * A journey's own server: started before its tests on a port the kernel hands out (journeys, and whole copies of
 * the suite, run side by side) and stopped after them, even when one failed. Called where the hooks belong (the
 * file or a describe); what it returns stands for the server once it has started. `env` may be a function of the
 * server's address, for settings that need it (a fake provider told where to send its webhooks).
 */
export const journeyServer = (
  env: ServerEnv | ((url: string) => ServerEnv | Promise<ServerEnv>) = {},
): RunningServer => {
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    const port = await freePort();
    server = await startServer(port, typeof env === 'function' ? await env(`http://localhost:${port}`) : env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const current = () => {
    if (!server) throw new Error('the journey server is used before its journey started it');
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
