import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  DATA_DIR_MARKER,
  DataDirPermissionsError,
  prepareDataDir,
  secureDataDir,
  tightenTree,
} from './data-dir-permissions.ts';

let root: string;
let umask: number;
const warnings: string[] = [];
const log = { warn: (message: string) => warnings.push(message) };

beforeEach(() => {
  // The tests create files the way a careless environment would: world-readable and writable.
  umask = process.umask(0);
  root = mkdtempSync(join(tmpdir(), 'cdca-data-dir-'));
  warnings.length = 0;
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every path under `path` (itself included) with its permission bits, folders marked with a trailing slash. */
const modesUnder = (path: string): Record<string, string> => {
  const entries = ['', ...readdirSync(path, { recursive: true, encoding: 'utf8' })];
  return Object.fromEntries(
    entries.map((entry) => {
      const full = join(path, entry);
      return [statSync(full).isDirectory() ? `${entry}/` : entry, modeOf(full).toString(8)];
    }),
  );
};

/** A DATA_DIR as an earlier version left it: folders 0755/0777, files 0666. */
const earlierVersionDir = (dataDir: string) => {
  mkdirSync(join(dataDir, 'pg', 'base'), { recursive: true, mode: 0o777 });
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, 'pg', 'base', '16384'), 'rows', { mode: 0o666 });
  writeFileSync(join(dataDir, 'master.key'), 'key', { mode: 0o644 });
};

describe('secureDataDir', () => {
  test('creates a missing DATA_DIR owner-only and marks it as the product’s', () => {
    const dataDir = join(root, 'nested', 'data');
    secureDataDir(dataDir, log);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, DATA_DIR_MARKER))).toBe(0o600);
  });

  test('tightens a DATA_DIR an earlier version created, files 0600 and folders 0700', () => {
    const dataDir = join(root, 'data');
    earlierVersionDir(dataDir);
    secureDataDir(dataDir, log);
    expect(modesUnder(dataDir)).toEqual({
      '/': '700',
      'pg/': '700',
      'pg/base/': '700',
      'pg/base/16384': '600',
      'master.key': '600',
      [DATA_DIR_MARKER]: '600',
    });
    expect(warnings).toEqual([expect.stringContaining(`under ${dataDir} owner-only`)]);
  });

  test('refuses a folder open to others that it did not create, naming the path and the fix', () => {
    const dataDir = join(root, 'shared');
    mkdirSync(dataDir, { mode: 0o775 });
    writeFileSync(join(dataDir, 'notes.txt'), 'someone else’s', { mode: 0o664 });
    expect(() => secureDataDir(dataDir, log)).toThrow(DataDirPermissionsError);
    expect(() => secureDataDir(dataDir, log)).toThrow(
      `DATA_DIR ${dataDir} is open to other users (mode 775); make it owner-only with: chmod -R go-rwx ${dataDir}`,
    );
    // Nothing was touched: not the folder, not what is in it.
    expect(modeOf(dataDir)).toBe(0o775);
    expect(modeOf(join(dataDir, 'notes.txt'))).toBe(0o664);
  });

  test('accepts an owner-only folder someone prepared, tightening what is inside', () => {
    const dataDir = join(root, 'prepared');
    mkdirSync(dataDir, { mode: 0o700 });
    writeFileSync(join(dataDir, 'left-over'), '', { mode: 0o644 });
    secureDataDir(dataDir, log);
    expect(modeOf(join(dataDir, 'left-over'))).toBe(0o600);
    expect(modeOf(join(dataDir, DATA_DIR_MARKER))).toBe(0o600);
    // From now on it is the product's: a later loosening is repaired rather than refused.
    chmodSync(dataDir, 0o755);
    secureDataDir(dataDir, log);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  test('does not follow symbolic links out of DATA_DIR', () => {
    const dataDir = join(root, 'data');
    earlierVersionDir(dataDir);
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, '', { mode: 0o644 });
    symlinkSync(outside, join(dataDir, 'link'));
    secureDataDir(dataDir, log);
    expect(modeOf(outside)).toBe(0o644);
  });
});

describe('tightenTree', () => {
  test('keeps the owner’s bits and removes group and other', () => {
    const file = join(root, 'script');
    writeFileSync(file, '', { mode: 0o755 });
    expect(tightenTree(file)).toBe(1);
    expect(modeOf(file)).toBe(0o700);
    expect(tightenTree(file)).toBe(0);
  });
});

describe('prepareDataDir', () => {
  test('leaves DATA_DIR alone when PostgreSQL and MASTER_KEY mean nothing is written there', () => {
    const dataDir = join(root, 'unused');
    prepareDataDir({ dataDir, databaseUrl: 'postgres://db/cdca', masterKey: 'set' }, log);
    expect(() => statSync(dataDir)).toThrow();
    prepareDataDir({ dataDir, databaseUrl: 'postgres://db/cdca', masterKey: undefined }, log);
    expect(modeOf(dataDir)).toBe(0o700);
  });
});
