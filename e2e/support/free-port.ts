import { createServer } from 'node:net';

/**
 * A port nothing listens on now, as the kernel hands one out: journeys take their ports this way rather than from a
 * fixed list, so two copies of the suite can run side by side on one machine (and two journeys never share one).
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
