import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` builds the web app only when its sources changed since the last build (docs/decisions/runtime.md):
 * a restart on unchanged sources goes straight to the server. The stamp lives under node_modules/.cache, so
 * `npm ci` (which empties node_modules) always leads to a fresh build.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

/** What the built app is made of: the web app, the two packages it imports, and the locked dependencies. */
export const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/engine/src',
  'package-lock.json',
];

const filesUnder = (path: string): string[] => {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
};

/** One hash over every source file's path and bytes, in a fixed order. */
export const sourcesHash = (base: string, sources: readonly string[] = SOURCES): string => {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((source) => filesUnder(join(base, source)))) {
    hash.update(relative(base, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
};

const stampPath = (base: string) => join(base, 'node_modules/.cache/cdca/web-build.sha256');

/** True when the build in apps/web/dist was made from exactly these sources. */
export const buildIsCurrent = (base: string, hash: string): boolean =>
  existsSync(join(base, 'apps/web/dist/index.html')) &&
  existsSync(stampPath(base)) &&
  readFileSync(stampPath(base), 'utf8').trim() === hash;

export const recordBuild = (base: string, hash: string) => {
  mkdirSync(dirname(stampPath(base)), { recursive: true });
  writeFileSync(stampPath(base), `${hash}\n`);
};

if (import.meta.main) {
  const hash = sourcesHash(root);
  if (buildIsCurrent(root, hash)) {
    console.log('web app: up to date with its sources, not rebuilt');
  } else {
    const build = spawnSync('npm', ['run', 'build', '-w', '@cdca/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
    recordBuild(root, hash);
  }
}
