import { ZHealth } from '@cdca/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createHealthProbe } from './health-probe.ts';

const version = process.env.npm_package_version ?? '0.0.0';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; now?: () => number }> = async (
  app,
  { database, now = Date.now },
) => {
  const probe = createHealthProbe({
    check: async () => {
      await database.db.execute(sql`select 1`);
    },
    now,
  });
  app.get('/health', { schema: { response: { 200: ZHealth } } }, async () => {
    if (!(await probe.healthy()))
      throw new AppError(503, 'service-unavailable', 'The database is not reachable.');
    return { status: 'ok' as const, database: 'ok' as const, version };
  });
};
