import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const guard = fileURLToPath(new URL('./startup-guard.ts', import.meta.url));

/** A real Node process, so the test holds Node's own rule: an empty event loop ends the process. */
const run = (script: string) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });

describe('start-up guard', () => {
  it('turns a start-up that waits on nothing into exit code 1 naming the step', async () => {
    const { code, stderr } = await run(`
      const { guardStartup } = await import(${JSON.stringify(guard)});
      const startup = guardStartup();
      startup.step('migrating the database');
      await new Promise(() => {});
    `);
    expect(code).toBe(1);
    expect(stderr).toContain('start-up was migrating the database and nothing was left to wait for');
  });

  it('lets a process that served end normally', async () => {
    const { code, stderr } = await run(`
      const { guardStartup } = await import(${JSON.stringify(guard)});
      const startup = guardStartup();
      startup.step('listening');
      startup.serving();
    `);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });
});
