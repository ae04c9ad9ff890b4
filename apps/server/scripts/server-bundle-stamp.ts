import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourcesHash } from '../../web/scripts/build-if-stale.ts';

/**
 * Where the server bundle lives and whether it was made from the sources on disk, without loading esbuild:
 * `npm start` asks this on every start, and builds only when the answer is no (docs/decisions/runtime.md).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

export const BUNDLE = join(root, 'apps/server/dist/main.js');

/** What the bundle is made of: the server, the three packages it imports, and the locked dependencies. */
const SOURCES = [
  'apps/server/src',
  'apps/server/scripts/build-server.ts',
  'apps/server/scripts/server-bundle-stamp.ts',
  'apps/server/package.json',
  'packages/contracts/src',
  'packages/engine/src',
  'packages/exchange/src',
  'package-lock.json',
];

const stampPath = join(root, 'node_modules/.cache/cdca/server-build.sha256');

export const serverSourcesHash = () => sourcesHash(root, SOURCES);

/** True when the bundle on disk was made from sources with this hash. */
export const bundleIsCurrent = (hash: string) =>
  existsSync(BUNDLE) && existsSync(stampPath) && readFileSync(stampPath, 'utf8').trim() === hash;

export const recordBundle = (hash: string) => {
  mkdirSync(dirname(stampPath), { recursive: true });
  writeFileSync(stampPath, `${hash}\n`);
};
