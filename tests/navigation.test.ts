// The navigation lists against the router: every section page is linked, and every link is a page. The
// sections come from the route tree (what a new resource's scaffold or a hand-written route adds), the
// links from the one list each layout reads (src/layout/*/nav-items.ts).
import { describe, expect, it } from 'vitest';
import { APP_NAV } from '#/layout/app/nav-items';
import { MANAGER_NAV } from '#/layout/manager/nav-items';
import { routeFiles } from '../e2e/support/pages.ts';
import enCommon from '#/locales/en/common.json';

const urls = new Set(routeFiles().map((route) => route.path));
/** `/manager/users`, `/manager/audit`: one segment below the section, no parameter, not a form. */
const sections = (section: string) => [...urls].filter((url) => new RegExp(`^/${section}/[^/$]+$`).test(url) && !/\/new$/.test(url)).sort();

describe("the manager's navigation", () => {
  const links = MANAGER_NAV.flat().filter((item) => !item.external);

  it('links every section page under /manager', () => {
    expect(sections('manager').length).toBeGreaterThanOrEqual(6);
    const linked = new Set(links.map((item) => item.to));
    expect(sections('manager').filter((url) => !linked.has(url))).toEqual([]);
  });

  it('links only pages that exist, each named in the translations', () => {
    for (const item of links) expect(urls.has(item.to), item.to).toBe(true);
    for (const item of MANAGER_NAV.flat()) expect(enCommon.nav[item.key], item.key).toBeTruthy();
  });
});

describe("the app's navigation", () => {
  it('links every section page under /app, and home first', () => {
    const linked = new Set<string>(APP_NAV.map((item) => item.to));
    expect(sections('app').length).toBeGreaterThanOrEqual(2);
    expect(sections('app').filter((url) => !linked.has(url))).toEqual([]);
    expect(APP_NAV[0].to).toBe('/app');
  });

  it('links only pages that exist, each named in the translations', () => {
    for (const item of APP_NAV) expect(urls.has(item.to), item.to).toBe(true);
    for (const item of APP_NAV) expect(enCommon.nav[item.key], item.key).toBeTruthy();
  });
});
