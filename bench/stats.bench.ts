/**
 * The stats report (apps/server/src/modules/stats) for one account with 10,000 ended epics and 100,000 fills, on
 * PostgreSQL, beside a second account of the same size (so the account filter has to be indexed, not implied).
 * Ended epics are summarised with the engine's own statements (epic-summaries.ts); the report from every fill
 * (testing/report-from-fills.ts, what the summaries replaced) is measured beside it and must answer the same.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/stats.bench.ts [rounds=200]
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { buyDaysStatement, summariseStatement } from '../apps/server/src/modules/stats/epic-summaries.ts';
import { type StatsWindow, statsReportStatement } from '../apps/server/src/modules/stats/stats.queries.ts';
import { createStatsService } from '../apps/server/src/modules/stats/stats.service.ts';
import {
  canonicalDecimals,
  reportFromFillsStatement,
} from '../apps/server/src/modules/stats/testing/report-from-fills.ts';
import { scratchDatabase } from './bench-server.ts';

const ENDED = 10_000;
const FILLS_PER_EPIC = 10;
const RUNNING = 50;
const COINS = 20;
/** Ended epics are spread over two years, so the periods hold ~14, ~100, ~400, ~1,250 and 10,000 of them. */
const HISTORY_DAYS = 730;
const PERIODS = ['24h', '7d', '30d', '90d', 'all'] as const;

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl)
  throw new Error('Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its database).');
const rounds = Number(process.argv[2] ?? 200);

/**
 * Each account: 10,000 ended epics (80 % closed, 10 % cancelled, 10 % liquidated), each with 9 buys and 1 sell,
 * plus 50 running epics with 9 buys each. Generated in SQL: the figures are about reading, not writing.
 */
const seed = async (client: pg.Client, accountId: string, coinIds: string[]) => {
  await client.query(
    `insert into epics (account_id, coin_id, product_id, status, inputs, plan, budget, dca_levels,
       created_at, updated_at, closed_at)
     select $1, ($2::uuid[])[1 + i % ${COINS}], 'BENCH-USD',
       (case when i <= ${RUNNING} then 'active' when i % 10 = 0 then 'cancelled'
         when i % 10 = 1 then 'liquidated' else 'closed' end)::epic_status,
       '{}'::jsonb, '{}'::jsonb, 1000, 9,
       now() - (greatest(i - ${RUNNING}, 1)::double precision / ${ENDED} * ${HISTORY_DAYS}) * interval '1 day' - interval '2 days',
       now(),
       case when i <= ${RUNNING} then null
         else now() - (greatest(i - ${RUNNING}, 1)::double precision / ${ENDED} * ${HISTORY_DAYS}) * interval '1 day' end
     from generate_series(1, ${ENDED + RUNNING}) i`,
    [accountId, coinIds],
  );
  await client.query(
    `insert into epic_fills (trade_id, epic_id, client_order_id, exchange_order_id, side, price, size, fee,
       liquidity, filled_at)
     select e.id || '-' || k, e.id, e.id || '-o-' || k, e.id || '-x-' || k,
       case when k = ${FILLS_PER_EPIC} then 'sell' else 'buy' end,
       case when k = ${FILLS_PER_EPIC} then 104.37 + (k % 3) else 100 - k * 0.731 end,
       0.123456 * k, 0.0123 * k, 'taker',
       case when k = ${FILLS_PER_EPIC} then e.closed_at else e.created_at + k * interval '3 hours' end
     from epics e cross join generate_series(1, ${FILLS_PER_EPIC}) k
     where e.account_id = $1 and (e.closed_at is not null or k < ${FILLS_PER_EPIC})`,
    [accountId],
  );
};

/**
 * CPU the PostgreSQL backend spent per statement, read from /proc when the server runs on this machine: on the
 * shared 2-core box wall times mostly measure the other processes, this does not.
 */
const backendCpuMs = async (client: pg.Client, text: string, params: unknown[], runs: number) => {
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return null;
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
  const ticks = () => {
    const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  };
  await client.query(text, params);
  const before = ticks();
  for (let i = 0; i < runs; i++) await client.query(text, params);
  return ((ticks() - before) * 10) / runs;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const name = `cdca_bench_stats_${randomBytes(4).toString('hex')}`;
const scratch = await scratchDatabase(adminUrl, name);

const database = await openPostgres(scratch.url);
try {
  await database.migrate();
  const client = new pg.Client({ connectionString: scratch.url });
  // The database is dropped with (force) at the end: a connection still open then must not crash the bench.
  client.on('error', () => undefined);
  await client.connect();
  const coins = await client.query<{ id: string }>(
    `insert into coins (symbol, base_symbol, name, photo, price, change24h, volume24h, status)
     select 'B' || i || '-USD', 'B' || i, 'Bench ' || i, '', 101.5, 0, 0, 'online'
     from generate_series(1, ${COINS}) i returning id`,
  );
  const coinIds = coins.rows.map((row) => row.id);
  const accounts = await client.query<{ id: string }>(
    `insert into accounts (user_id, email) values ('bench-a', 'a@bench.test'), ('bench-b', 'b@bench.test')
     returning id`,
  );
  const started = performance.now();
  const dialect = new PgDialect();
  for (const { id } of accounts.rows) {
    await seed(client, id, coinIds);
    // What the engine writes as each epic ends, for all of them at once: the same two statements.
    for (const statement of [
      summariseStatement(sql`e.account_id = ${id}`),
      buyDaysStatement(sql`e.account_id = ${id}`, 1),
    ]) {
      const query = dialect.sqlToQuery(statement);
      await client.query(query.sql, query.params);
    }
  }
  await client.query('vacuum analyze');
  const fills = await client.query<{ n: string }>('select count(*)::text as n from epic_fills');
  console.log(
    `seeded 2 accounts, ${fills.rows[0]?.n} fills in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await client.end();

  const accountId = accounts.rows[0]?.id;
  if (!accountId) throw new Error('no account');
  const stats = createStatsService({
    db: database.db,
    accounts: { requireCaller: () => Promise.reject(new Error('the bench reads by account id')) },
  });
  const probe = new pg.Client({ connectionString: scratch.url });
  probe.on('error', () => undefined);
  await probe.connect();
  const ms = (value: number) => value.toFixed(1);
  const first = await probe.query<{ first: Date }>(
    'select min(created_at) as first from epics where account_id = $1',
    [accountId],
  );
  const days = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 } as const;
  const windowOf = (period: (typeof PERIODS)[number], to: Date): StatsWindow => ({
    accountId,
    from:
      period === 'all' ? (first.rows[0]?.first ?? to) : new Date(to.getTime() - days[period] * 86_400_000),
    to,
    timeZone: 'UTC',
  });
  /** Wall times of `runs` calls of one statement on the probe connection, sorted. */
  const timed = async (statement: SQL, runs: number) => {
    const query = dialect.sqlToQuery(statement);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await probe.query(query.sql, query.params);
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b);
  };
  console.log(
    '| period | ended epics in it | p50 (ms) | p99 (ms) | max (ms) | database CPU per call (ms) | from fills: p50 (ms) | from fills: CPU (ms) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const period of PERIODS) {
    for (let i = 0; i < 20; i++) await stats.reportForAccount(accountId, { period });
    const times: number[] = [];
    let ended = 0;
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      const report = await stats.reportForAccount(accountId, { period });
      times.push(performance.now() - start);
      ended = report.epics.closed + report.epics.cancelled + report.epics.liquidated;
    }
    times.sort((a, b) => a - b);
    const window = windowOf(period, new Date());
    const summaries = dialect.sqlToQuery(statsReportStatement(window));
    const fills = dialect.sqlToQuery(reportFromFillsStatement(window));
    const same = isDeepStrictEqual(
      canonicalDecimals((await probe.query(summaries.sql, summaries.params)).rows),
      canonicalDecimals((await probe.query(fills.sql, fills.params)).rows),
    );
    if (!same) console.log(`!! ${period}: the report from summaries differs from the report from fills`);
    // Each as the service runs it: the summaries' statement with JIT off (queryStatsReport), the old one as it was.
    await probe.query('set jit = off');
    const cpu = await backendCpuMs(probe, summaries.sql, summaries.params, period === 'all' ? 30 : 50);
    await probe.query('reset jit');
    const before = await timed(reportFromFillsStatement(window), period === 'all' ? 5 : 20);
    const cpuBefore = await backendCpuMs(probe, fills.sql, fills.params, period === 'all' ? 5 : 20);
    const orNa = (value: number | null) => (value === null ? 'n/a' : ms(value));
    console.log(
      `| ${period} | ${ended.toLocaleString('en-US')} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${ms(times.at(-1) ?? Number.NaN)} | ${orNa(cpu)} | ${ms(percentile(before, 50))} | ${orNa(cpuBefore)} |`,
    );
  }
  await probe.end();
} finally {
  await database.close();
  await scratch.drop();
}
