import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { academyLessons } from './src/features/academy/build/lessons-plugin.ts';

const server = 'http://localhost:3000';
const proxied = { target: server, changeOrigin: false, ws: true };

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SRC = source('./src/');
const ENTRY = source('./src/main.tsx');
const PUBLIC_SITE = source('./src/app/public/app.tsx');
const ACCOUNT_APP = source('./src/app/account/app.tsx');
const SHELL = source('./src/app/account/routes/shell-layout.tsx');
const DASHBOARD = source('./src/app/account/routes/dashboard.tsx');
const ROUTER = source('./src/app/account/router.tsx');
const SIGN_IN = source('./src/app/sign-in/app.tsx');
const BOOT_TARGET = source('./src/app/public/boot-target.ts');
/** Our workspace packages' sources: grouped with the web app's modules once their barrels are resolved. */
const PACKAGES = source('../../packages/');
/** Barrels (`export * from './x.ts'`) the web app imports names from, by import specifier. */
const BARRELS: Record<string, string> = {
  '@cdca/contracts': source('../../packages/contracts/src/index.ts'),
  '@cdca/engine': source('../../packages/engine/src/index.ts'),
};
/** The account app, its pages and the sign-in page: their first paint must not pull the public site in. */
const isOtherRoot = (id: string) =>
  id.startsWith(source('./src/app/account/')) || id.startsWith(source('./src/app/sign-in/'));

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;

/**
 * The web app's own modules `roots` import (statically, or also dynamically), the roots included. Packages are
 * not followed: a package's index names every module it has, not the ones used, so it would over-reach.
 */
const closure = (roots: readonly string[], infoOf: ModuleInfoOf, dynamic = false): Set<string> => {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || !id.startsWith(SRC)) continue;
    seen.add(id);
    const info = infoOf(id);
    queue.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
};

/** The names `code` imports from `specifier`: `import { A, B as C } from 'specifier'` gives A and B. */
const namesImportedFrom = (code: string | null | undefined, specifier: string): string[] =>
  [...(code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)].flatMap(
    ([, names = '', from]) =>
      from === specifier ? names.split(',').flatMap((name) => name.trim().split(/\s+as\s+/)[0] || []) : [],
  );

/** Which module defines each name a module exports, following `export * from './x.ts'` (our packages' barrels). */
const definitions = (id: string, infoOf: ModuleInfoOf, seen = new Set<string>()): Map<string, string> => {
  const found = new Map<string, string>();
  const code = infoOf(id)?.code;
  if (!code || seen.has(id)) return found;
  seen.add(id);
  for (const [, from = ''] of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
    for (const [name, where] of definitions(fileURLToPath(new URL(from, `file://${id}`)), infoOf, seen)) {
      found.set(name, where);
    }
  }
  for (const [, name = ''] of code.matchAll(
    /export\s+(?:async\s+)?(?:const|let|var|function\*?|class)\s+([\w$]+)/g,
  )) {
    found.set(name, id);
  }
  for (const [, names = ''] of code.matchAll(/export\s*\{([^}]*)\}(?!\s*from)/g)) {
    for (const name of names.split(','))
      found.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '',
        id,
      );
  }
  return found;
};

/**
 * Like `closure`, but through our workspace packages too, reading their barrels (`@cdca/contracts` is one
 * `export *` per module) as the modules that define the names imported, not as every module they list.
 */
const closureThroughBarrels = (
  roots: readonly string[],
  infoOf: ModuleInfoOf,
  dynamic = false,
): Set<string> => {
  const barrels = new Map(
    Object.entries(BARRELS).map(([specifier, id]) => [id, { specifier, names: definitions(id, infoOf) }]),
  );
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || !(id.startsWith(SRC) || id.startsWith(PACKAGES))) continue;
    seen.add(id);
    const info = infoOf(id);
    for (const next of [
      ...(info?.importedIds ?? []),
      ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []),
    ]) {
      const barrel = barrels.get(next);
      if (!barrel) queue.push(next);
      else
        queue.push(
          ...namesImportedFrom(info?.code, barrel.specifier).flatMap((name) => barrel.names.get(name) ?? []),
        );
    }
  }
  return seen;
};

const LUCIDE = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]/;
const LUCIDE_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
/** What the entry decides with (app/public/boot.ts); left alone, each is a chunk of its own beside the entry. */
const BOOT_MODULES = [
  source('./src/lib/auth/route-match.ts'),
  source('../../packages/contracts/src/public-pages.ts'),
];
const ROUTER_PACKAGES = /[\\/]node_modules[\\/](wouter|regexparam)[\\/]/;
const JSX_RUNTIME =
  /[\\/]node_modules[\\/]react[\\/](jsx-runtime\.js|cjs[\\/]react-jsx-runtime\.production\.js)$/;

/** The icon names a module imports from lucide-react's index. */
const iconNamesIn = (code: string | null | undefined): string[] => namesImportedFrom(code, 'lucide-react');

/** lucide-react's index maps each icon name to its module: `export { default as X, … } from './icons/x.mjs'`. */
const iconModules = (index: Rolldown.ModuleInfo): Map<string, string> => {
  const modules = new Map<string, string>();
  for (const [, names = '', file = ''] of (index.code ?? '').matchAll(
    /export\s*\{([^}]*)\}\s*from\s*["'](\.\/icons\/[^"']+)["']/g,
  )) {
    const id = fileURLToPath(new URL(file, `file://${index.id}`));
    for (const name of names.split(',')) modules.set(name.trim().split(/\s+as\s+/)[1] ?? name.trim(), id);
  }
  return modules;
};

/**
 * Named chunks for the first paint (docs/decisions/code-splitting.md). Left to the bundler, every set of pages sharing
 * a module makes its own chunk of a few hundred bytes, each a request and a gzip stream of its own: the landing page
 * fetched 24 scripts, the dashboard 70. So, following the import graph of the web app's own modules (and the icons
 * they name): what only the public site uses (landing sections, its frame) goes to `public-site`; what it shares with
 * the account app, the sign-in page or an account page (config, logo, buttons, the error screen, shared icons, the
 * icon and JSX runtimes) to `public-shared`; what the account pages' frame (the shell: navigation, notifications,
 * the past-due modal) needs beyond the account app to `account-shell`. Other packages (React, zod) are left to the
 * bundler, and what the entry holds stays there.
 */
const firstPaintChunks = (): Rolldown.CodeSplittingNameFunction => {
  let groups: Map<string, string> | undefined;
  const groupsOf = (infoOf: ModuleInfoOf): Map<string, string> => {
    const all = closure([ENTRY], infoOf, true);
    const entry = closure([ENTRY], infoOf);
    const others = closure([...all].filter(isOtherRoot), infoOf);
    const site = closure([PUBLIC_SITE], infoOf);
    const found = new Map<string, string>();
    for (const id of site) {
      if (!entry.has(id)) found.set(id, others.has(id) ? 'public-shared' : 'public-site');
    }
    const index = [...all].flatMap((id) => infoOf(id)?.importedIds ?? []).find((id) => LUCIDE_INDEX.test(id));
    const icons = index ? iconModules(infoOf(index) as Rolldown.ModuleInfo) : new Map<string, string>();
    const iconsOf = (ids: Iterable<string>) =>
      new Set(
        [...ids].flatMap((id) => iconNamesIn(infoOf(id)?.code).flatMap((name) => icons.get(name) ?? [])),
      );
    const shared = iconsOf(others);
    for (const icon of iconsOf(site)) found.set(icon, shared.has(icon) ? 'public-shared' : 'public-site');
    // Every account page renders in the shell (its layout route), and the dashboard is where a sign-in lands: what
    // the account app and the shell import, and what the dashboard shares with another account page, is one chunk
    // (left alone, ~40 chunks of a few hundred bytes each), contracts' and engine modules included. Nothing the
    // entry, the public site, the sign-in page or the boot manifest uses (their lazy parts included) goes there, so
    // they never load it.
    const outside = closureThroughBarrels([ENTRY], infoOf);
    for (const id of closureThroughBarrels([PUBLIC_SITE, SIGN_IN, BOOT_TARGET], infoOf, true))
      outside.add(id);
    const pages = (infoOf(ROUTER)?.dynamicallyImportedIds ?? []).filter(
      (id) => id !== DASHBOARD && id !== SHELL,
    );
    const elsewhere = closureThroughBarrels(pages, infoOf);
    const dashboardShared = [...closureThroughBarrels([DASHBOARD], infoOf)].filter((id) => elsewhere.has(id));
    // The route modules stay in their lazy chunks: moved into the group, the shell's route chunk became a facade
    // that re-exported a namespace Rolldown 1.2 never defined, once a package module shared with a later chunk
    // landed there ("Export 'shell_layout_exports' is not defined").
    const account = [...closureThroughBarrels([ACCOUNT_APP, SHELL], infoOf), ...dashboardShared].filter(
      (id) => ![ACCOUNT_APP, SHELL, DASHBOARD].includes(id) && !outside.has(id) && !found.has(id),
    );
    for (const id of account) found.set(id, 'account-core');
    // Icons too, the dashboard's shared with another account page included (left alone, each icon the dashboard
    // and, say, the academy both draw was a chunk of ~0.2 KB gzip). One a lazy public page also draws (the public
    // support page's search) stays out of the group.
    const outsideIcons = iconsOf(outside);
    const elsewhereIcons = iconsOf(elsewhere);
    const dashboardIcons = [...iconsOf(closureThroughBarrels([DASHBOARD], infoOf))].filter((icon) =>
      elsewhereIcons.has(icon),
    );
    for (const icon of [...iconsOf(account), ...dashboardIcons]) {
      if (!found.has(icon) && !outsideIcons.has(icon)) found.set(icon, 'account-core');
    }
    return found;
  };
  return (id, context) => {
    groups ??= groupsOf((moduleId) => context.getModuleInfo(moduleId));
    if (groups.has(id)) return groups.get(id) ?? null;
    if (BOOT_MODULES.includes(id)) return 'boot';
    // The router (wouter) is the account app's alone. Left to the bundler it went to the account app's chunk, which
    // imports account-core while account-core imported wouter from it: the route table, built as account-core
    // loads, got an undefined Redirect, and an unknown address showed "Unexpected Application Error!".
    if (ROUTER_PACKAGES.test(id)) return 'account-core';
    // The icon runtime and the JSX runtime: every app needs them, each would be a chunk of its own.
    if ((LUCIDE.test(id) && !/[\\/]icons[\\/]/.test(id)) || JSX_RUNTIME.test(id)) return 'public-shared';
    return null;
  };
};

export default defineConfig({
  // The academy's Markdown is compiled here, at build time (docs/decisions/academy.md).
  plugins: [react(), academyLessons()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // wouter's import of the React 17 shim: React 19 has the hook (src/lib/router/use-sync-external-store.ts).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: source('./src/lib/router/use-sync-external-store.ts'),
      },
    ],
  },
  build: {
    sourcemap: process.env.SOURCEMAP === '1',
    outDir: 'dist',
    emptyOutDir: true,
    // docs/product.md §7: script and stylesheet chunks load from static/js and static/css.
    assetsDir: 'static',
    // Every browser Vite's default target covers has <link rel="modulepreload">: the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        codeSplitting: { groups: [{ name: firstPaintChunks(), includeDependenciesRecursively: false }] },
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css'))
            ? 'static/css/[name]-[hash][extname]'
            : 'static/media/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': proxied,
      '/oidc': proxied,
      '/interaction': proxied,
      '/config.json': proxied,
    },
  },
  preview: {
    proxy: {
      '/api': proxied,
      '/oidc': proxied,
      '/interaction': proxied,
      '/config.json': proxied,
    },
  },
});
