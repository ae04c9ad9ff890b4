import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, recordBuild, sourcesHash } from './build-if-stale.ts';

let base: string;
const write = (path: string, content: string) => {
  mkdirSync(join(base, path, '..'), { recursive: true });
  writeFileSync(join(base, path), content);
};

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'cdca-build-'));
  write('apps/web/src/main.tsx', 'render()');
  write('packages/engine/src/plan.ts', 'export const plan = 1;');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('build-if-stale', () => {
  it('calls a build current only when it exists and was made from the same sources', () => {
    const hash = sourcesHash(base);
    expect(buildIsCurrent(base, hash)).toBe(false);
    write('apps/web/dist/index.html', '<html>');
    expect(buildIsCurrent(base, hash)).toBe(false);
    recordBuild(base, hash);
    expect(buildIsCurrent(base, sourcesHash(base))).toBe(true);
  });

  it('sees a changed file, a new file and a changed dependency lock', () => {
    const first = sourcesHash(base);
    expect(sourcesHash(base)).toBe(first);
    write('packages/engine/src/plan.ts', 'export const plan = 2;');
    const second = sourcesHash(base);
    expect(second).not.toBe(first);
    write('apps/web/src/new-page.tsx', 'page()');
    const third = sourcesHash(base);
    expect(third).not.toBe(second);
    write('package-lock.json', '{"v":2}');
    expect(sourcesHash(base)).not.toBe(third);
  });
});
