/**
 * `npm run topology`: the production layout on this machine (docs/decisions/topology.md) — a balancer on
 * TOPOLOGY_PORT (4400) in front of 2 API processes (4401–4402), 2 engine workers (4403–4404), one PostgreSQL
 * (DATABASE_URL, default the local `cdca_topology` database, created if missing), realtime over NATS when NATS_URL
 * is set and PostgreSQL LISTEN/NOTIFY otherwise. API_PROCESSES and ENGINE_WORKERS change the counts. Ctrl-C stops
 * every process gracefully. LOG_LEVEL defaults to warn here; any other server setting in the environment (PAPER_STARTING_USD, AUTH_DOMAIN…) reaches
 * every process.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startTopology } from './topology.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = join(root, 'data/topology');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cdca_topology';
const basePort = Number(process.env.TOPOLOGY_PORT ?? 4400);

/** Creates the database when it does not exist yet; the processes migrate it at start (one at a time, under a lock). */
const ensureDatabase = async (url: string) => {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
};

/** Every process must hold the same master key; kept in data/topology so a restart still opens what was stored. */
const masterKey = () => {
  if (process.env.MASTER_KEY) return process.env.MASTER_KEY;
  const file = join(dataDir, 'master.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
};

mkdirSync(dataDir, { recursive: true, mode: 0o700 });
await ensureDatabase(databaseUrl);
// As `npm start`: the API processes serve the web app, built only when its sources changed.
const build = spawnSync(process.execPath, [join(root, 'apps/web/scripts/build-if-stale.ts')], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const topology = await startTopology({
  databaseUrl,
  masterKey: masterKey(),
  basePort,
  apiProcesses: Number(process.env.API_PROCESSES ?? 2),
  engineWorkers: Number(process.env.ENGINE_WORKERS ?? 2),
  natsUrl: process.env.NATS_URL,
  dataDir,
  // The balancer asks every API process for its health each second: at info level that is most of the log.
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});

const bus = process.env.NATS_URL ? `NATS at ${process.env.NATS_URL}` : 'PostgreSQL LISTEN/NOTIFY';
console.log(`\nCDCA topology on ${new URL(databaseUrl).pathname.slice(1)}, realtime over ${bus}:`);
console.log(`  balancer   ${topology.url}   ← open this`);
for (const process of topology.processes)
  console.log(
    `  ${process.name.padEnd(10)} ${process.url}   pid ${process.pid} (${process.role === 'api' ? 'API, ENGINE=off' : 'engine worker, ENGINE=on'})`,
  );
console.log('Ctrl-C stops them all.\n');

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await topology.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
