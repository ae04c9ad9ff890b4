import { ZHealth } from '@cdca/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

const version = process.env.npm_package_version ?? '0.0.0';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/health', { schema: { response: { 200: ZHealth } } }, async () => {
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      throw new AppError(503, 'service-unavailable', 'The database is not reachable.');
    }
    return { status: 'ok' as const, database: 'ok' as const, version };
  });
};
