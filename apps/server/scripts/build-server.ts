import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { BUNDLE, bundleIsCurrent, recordBundle, serverSourcesHash } from './server-bundle-stamp.ts';

/**
 * `npm start` runs the server as one esbuild bundle, rebuilt only when its sources changed
 * (docs/decisions/memory.md): thousands of type-stripped modules cost a running server ~30 MB more than one file,
 * and start-up resolves them slower. Tests and `npm run dev` keep running the sources.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Left out of the bundle and loaded from node_modules: PGlite finds its .wasm and .data files beside its own module;
 * resvg is a native addon; satori (with resvg) is loaded only when a share card is drawn, nodemailer only when a
 * message is sent.
 */
const EXTERNAL = ['@electric-sql/pglite', '@resvg/resvg-js', 'satori', 'nodemailer'];

/** Our own TypeScript files: the ones whose `import.meta.url` must still point where the source file lives. */
const OWN_SOURCE = /\/(apps\/server\/src|packages\/[^/]+\/src)\/.*\.ts$/;

/**
 * The server finds files relative to its source modules (migrations, fonts, the web build). In one bundle every
 * module shares the bundle's `import.meta.url`, so each of our files gets the URL of where it came from, relative
 * to the bundle (the checkout can move).
 */
const sourceUrls = (outfile: string): Plugin => ({
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      if (!OWN_SOURCE.test(path.replaceAll('\\', '/'))) return undefined;
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(outfile), path).replaceAll('\\', '/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
});

/**
 * oidc-provider imports `STATUS_CODES` from `node:http` as an ES module. Node makes an ES module of a built-in by
 * reading every one of its exports, and node:http's `WebSocket`, `CloseEvent` and `MessageEvent` are getters that
 * load undici: a few hundred milliseconds of every start (a CPU profile of one: 240 ms at load 7), for a table of
 * status texts. Here such an import takes the same module object through `require`, which reads nothing. Only the
 * names below are offered: an import of any other name fails the build, never the server.
 */
const httpThroughRequire: Plugin = {
  name: 'node-http-through-require',
  setup(builder) {
    builder.onResolve({ filter: /^(node:)?http$/ }, (args) =>
      args.kind === 'import-statement' ? { path: 'node:http', namespace: 'http-through-require' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'http-through-require' }, () => ({
      contents: [
        "import { createRequire } from 'node:module';",
        "const http = createRequire(import.meta.url)('node:http');",
        'export const { STATUS_CODES } = http;',
        'export default http;',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/**
 * One character outside ASCII makes V8 hold the whole source as a two-byte string (twice the memory). esbuild
 * escapes strings but leaves regular expression literals as written; `\uXXXX` means the same character in a
 * string, a template and a regular expression alike (a pair of them for a character beyond the BMP).
 */
export const asciiOnly = (code: string) =>
  code.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** `outfile` must lie inside the checkout: the bundle finds its external packages in node_modules above it. */
export const buildServer = async (outfile = BUNDLE) => {
  await build({
    entryPoints: [join(root, 'apps/server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: EXTERNAL,
    // CommonJS dependencies bundled into ESM still call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __cdcaRequire } from 'node:module'; const require = __cdcaRequire(import.meta.url);",
    },
    // V8 keeps the whole source text in memory: without comments and whitespace, and in ASCII, 12 MB become 4.
    // Names stay, for readable stacks.
    minifyWhitespace: true,
    minifySyntax: true,
    // Class and function names kept as written: minifySyntax drops a class expression's name, and oidc-provider
    // finds each token's lifetime by its class name (`ttl[this.name]`), so without this no code became a token.
    keepNames: true,
    legalComments: 'none',
    charset: 'ascii',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourceUrls(outfile), httpThroughRequire],
  });
  writeFileSync(outfile, asciiOnly(readFileSync(outfile, 'utf8')));
};

/** Builds the bundle unless the one on disk was made from exactly these sources; says which it did. */
export const buildServerIfStale = async (): Promise<'built' | 'current'> => {
  const hash = serverSourcesHash();
  if (bundleIsCurrent(hash)) return 'current';
  await buildServer();
  recordBundle(hash);
  return 'built';
};

if (import.meta.main)
  console.log(
    `server bundle: ${(await buildServerIfStale()) === 'built' ? 'built' : 'up to date with its sources, not rebuilt'}`,
  );
