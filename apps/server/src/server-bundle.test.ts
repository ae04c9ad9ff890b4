import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { buildServer } from '../scripts/build-server.ts';
import { SERVER_ENV, SERVER_FLAGS } from '../scripts/start.ts';
import { httpInjector } from './testing/http-injector.ts';
import { freePort, localServerEnv } from './testing/local-server.ts';
import { signUp } from './testing/sign-in.ts';

/**
 * `npm start` runs the server as one bundle (docs/decisions/memory.md) while every other test runs the sources: this
 * test builds the bundle and starts it as npm start does, so what only a bundle can get wrong (a file found from
 * `import.meta.url`, a dependency that cannot be bundled) fails here rather than on a user's first start.
 */
// Beside the real bundle (apps/server/dist/main.js), at the same depth, so paths found from it are the real ones.
const outfile = fileURLToPath(new URL(`../dist/main.test-${process.pid}.js`, import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'cdca-bundle-'));

afterAll(() => {
  rmSync(outfile, { force: true });
  rmSync(`${outfile}.map`, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

it('the bundle npm start runs is plain ASCII, serves the API, signs a person up, serves coin icons, and stops with 0', async () => {
  await buildServer(outfile);
  // A single non-ASCII character would make V8 hold the whole source as a two-byte string.
  expect(/[\u0080-\uffff]/.test(readFileSync(outfile, 'utf8'))).toBe(false);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SERVER_ENV,
    ...localServerEnv(port, url, dataDir),
  };
  // On the embedded database whatever the suite runs on: the bundle is the same code on both, and a shared
  // PostgreSQL test database holds secrets sealed with another data directory's key.
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [...SERVER_FLAGS, outfile], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  try {
    // Health means the migrations (found beside the sources) ran.
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the bundle exited ${server.exitCode}: ${stderr}`);
      const health = await fetch(`${url}/api/v1/health`).catch(() => undefined);
      if (health?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const discovery = await fetch(`${url}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${url}/oidc`);
    const icon = await fetch(`${url}/coin-icons/btc.svg`);
    expect(icon.status).toBe(200);
    expect(await icon.text()).toContain('<svg');
    // A person can sign up and the code becomes tokens the API takes: the bundle once dropped the class names
    // oidc-provider finds token lifetimes by, and every code exchange failed while discovery still answered.
    const person = await signUp(httpInjector(url), { email: 'bundle@example.test' });
    // The SPA's first call after sign-in creates the account with that token.
    const account = await fetch(`${url}/api/v1/authorize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ token: person.accessToken }),
    });
    expect(account.status).toBe(200);
    expect(((await account.json()) as { email: string }).email).toBe('bundle@example.test');
  } finally {
    server.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
});
