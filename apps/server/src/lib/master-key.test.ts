import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMasterKey, MASTER_KEY_FILE } from './master-key.ts';

const capture = () => {
  const lines: string[] = [];
  return {
    lines,
    log: { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) },
  };
};

describe('master key', () => {
  it('takes MASTER_KEY when set', () => {
    const masterKey = Buffer.alloc(32, 9).toString('base64');
    const { log } = capture();
    expect(loadMasterKey({ masterKey, dataDir: '/nonexistent', log }).equals(Buffer.alloc(32, 9))).toBe(true);
  });

  it('generates a 0600 key file once, logs that it did without the key, and reuses it', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cdca-key-')), 'nested');
    const { lines, log } = capture();
    const first = loadMasterKey({ masterKey: undefined, dataDir, log });
    const path = join(dataDir, MASTER_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/generated a new master key/);
    expect(lines.join()).not.toContain(first.toString('base64'));

    const second = loadMasterKey({ masterKey: undefined, dataDir, log });
    expect(second.equals(first)).toBe(true);
    expect(lines).toHaveLength(1);
    expect(readFileSync(path, 'utf8').trim()).toBe(first.toString('base64'));
  });

  it('refuses a damaged key file rather than silently making a new key', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cdca-key-'));
    writeFileSync(join(dataDir, MASTER_KEY_FILE), 'short', { mode: 0o600 });
    expect(() => loadMasterKey({ masterKey: undefined, dataDir, log: capture().log })).toThrow(/32-byte/);
  });
});
