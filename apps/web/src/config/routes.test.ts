import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths, ROUTES, sectionTabs } from './routes.ts';

const modulesOf = () =>
  ROUTES.flatMap((route) =>
    route.kind === 'page' ? [route.module] : route.kind === 'section' ? [route.layout] : [],
  );

describe('the route manifest', () => {
  it('names every page once, by id and by path', () => {
    const ids = ROUTES.map((route) => route.id);
    const routePaths = ROUTES.map((route) => route.path);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routePaths).size).toBe(routePaths.length);
    expect(paths.dashboard).toBe('/dashboard');
    expect(paths.termsOfService).toBe('/terms-of-service');
  });

  it('points every page at a module that exists, in the bundle it names', () => {
    for (const module of modulesOf()) {
      expect(existsSync(join(import.meta.dirname, '..', 'app', module)), module).toBe(true);
    }
    for (const route of ROUTES) {
      if (route.kind === 'page') expect(route.module.startsWith(`${route.bundle}/`), route.id).toBe(true);
    }
  });

  it('keeps the public bundle to pages a visitor may see', () => {
    const publicPages = ROUTES.filter((route) => route.kind === 'page' && route.bundle === 'public');
    expect(publicPages.every((route) => route.access === 'public' || route.access === 'until-active')).toBe(
      true,
    );
  });

  it("gives each section its own pages' tabs in manifest order, and every tab a page of its section", () => {
    expect(sectionTabs(paths.settings).slice(0, 2)).toEqual([
      { to: '/settings/account', label: 'Account' },
      { to: '/settings/preferences', label: 'Preferences' },
    ]);
    for (const section of ROUTES.filter((route) => route.kind === 'section')) {
      const tabs = sectionTabs(section.path);
      expect(tabs.length, section.id).toBeGreaterThan(0);
      expect(
        tabs.map((tab) => tab.to),
        section.id,
      ).toContain(`${section.path}/${section.index}`);
    }
    const tabbedPages = ROUTES.filter((route) => route.tab);
    const sectionPaths = ROUTES.filter((route) => route.kind === 'section').map((route) => route.path);
    for (const page of tabbedPages) {
      expect(
        sectionPaths.some((path) => page.path.startsWith(`${path}/`)),
        page.id,
      ).toBe(true);
    }
  });

  it('leads every section and redirect to a page of the manifest', () => {
    for (const route of ROUTES) {
      const target =
        route.kind === 'section'
          ? `${route.path}/${route.index}`
          : route.kind === 'redirect'
            ? route.to
            : null;
      if (target)
        expect(
          ROUTES.some((other) => other.path === target),
          route.id,
        ).toBe(true);
    }
  });
});
