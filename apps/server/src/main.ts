import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { DataDirPermissionsError, prepareDataDir, restrictNewFiles } from './db/data-dir-permissions.ts';
import { createEventBus } from './realtime/create-event-bus.ts';

// Before anything is written: the database, key and lock files are owner-only whatever umask we were started with.
restrictNewFiles();

const start = async () => {
  const config = loadConfig();
  prepareDataDir(config, console);
  const database = await openDatabase(config);
  await database.migrate();
  const bus = await createEventBus(database, { log: pino({ level: config.logLevel, name: 'realtime-bus' }) });
  const app = await buildApp({ config, database, bus });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, draining requests');
    // Stop accepting and finish in-flight requests before the database goes away, so nothing is lost.
    await app.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`CDCA is running at ${config.publicUrl}`);
};

start().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof DataDirPermissionsError
  ) {
    console.error(error.message);
  } else {
    console.error('CDCA failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
