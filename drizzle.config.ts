import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Core tables in db/schema.ts; each module may own a <module>.schema.ts beside its code.
  schema: ['./apps/server/src/db/schema.ts', './apps/server/src/**/*.schema.ts'],
  out: './apps/server/drizzle',
  casing: 'snake_case',
});
