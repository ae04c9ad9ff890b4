import { manualClock } from '@cdca/engine/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

/** The real app at the chattiest log level, every line kept, on a billing clock the test moves. */
export const buildLoggedTestApp = (env: Record<string, string> = {}) =>
  buildTestApp({ env: { LOG_LEVEL: 'trace', ...env }, clock: manualClock(), captureLogs: true });
export type LoggedTestApp = TestApp;

/** Throttles out of the way: these suites are about what a request says, not how many there are. */
export const THROTTLES_OFF = {
  API_REQUESTS_PER_MINUTE: '1000000',
  API_ANONYMOUS_REQUESTS_PER_MINUTE: '1000000',
  SIGN_UPS_PER_IP_PER_HOUR: '100000',
  SIGN_IN_IP_FAILURES_PER_DAY: '100000',
  SIGN_IN_DELAY_AFTER: '1000',
  SIGN_IN_LOCK_AFTER: '1000',
};

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** Rows in every table of the app's schema, by table: what a refused request must leave unchanged. */
export const rowCounts = async (t: Pick<TestApp, 'database'>): Promise<Record<string, number>> => {
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  if (tables.length === 0) return {};
  const counts = rowsOf<{ name: string; rows: string | number }>(
    await t.database.db.execute(
      tables
        .map(({ name }) => `select '${name}' as name, count(*) as rows from "${name}"`)
        .join(' union all '),
    ),
  );
  return Object.fromEntries(counts.map((row) => [row.name, Number(row.rows)]));
};
