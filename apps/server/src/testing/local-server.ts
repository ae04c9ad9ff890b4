import { createServer } from 'node:net';

/**
 * A port nothing listens on now, as the kernel hands one out: servers started by tests, journeys and benches take
 * their ports this way rather than from a fixed list, so two copies of the suite can run side by side.
 */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no port was handed out'))));
    });
  });

/** The settings a real server process started by a test, journey or bench runs with: its port, address and data. */
export const localServerEnv = (port: number, publicUrl: string, dataDir: string) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  DATA_DIR: dataDir,
  APP_ENV: 'test',
  LOG_LEVEL: 'warn',
});
