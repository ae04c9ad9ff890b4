import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const admin = new URL('./admin.ts', import.meta.url).pathname;

describe('the admin command line', () => {
  it('refuses a DATA_DIR without the server database, says why, and creates nothing there', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cdca-admin-')), 'not-the-servers');
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const run = spawnSync(process.execPath, [admin, 'grant-owner', 'someone@example.test'], {
      env: { ...env, DATA_DIR: dataDir, APP_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`No CDCA database in ${dataDir} (DATA_DIR)`);
    expect(existsSync(dataDir)).toBe(false);
  });
});
