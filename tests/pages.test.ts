// The pages the sweeps visit, checked against the router; and each page's namespaces against its routes'.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRouter, type AnyRoute } from '@tanstack/react-router';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENTRY_NAMESPACES, NAMESPACES } from '#/lib/i18n/languages';
import { routeTree } from '#/routeTree.gen';
import type { RouterContext } from '#/routes/__root';
import { pageRoutes, pagesToSweep, routeFiles, samplePath, type Samples } from '../e2e/support/pages.ts';

const root = path.resolve(import.meta.dirname, '..');
// Only its routes are read, no page loads.
const router = createRouter({ routeTree, context: {} as RouterContext });
const routes = Object.values(router.routesById) as AnyRoute[];
const urlOf = (route: AnyRoute) => (route.fullPath.length > 1 ? route.fullPath.replace(/\/$/, '') : route.fullPath);

describe('the page sweeps', () => {
  it("visit every route the router renders a page for, outside /api/, and no other: the page list is the router's", () => {
    const pages = routes.filter(
      (route) => !route.isRoot && route.options.component && !route.children && !route.fullPath.startsWith('/api/'),
    );
    expect(pageRoutes().map((page) => page.path)).toEqual(pages.map(urlOf).sort((a, b) => a.localeCompare(b)));
  });

  it('leave out the redirects, the POST-only route and the API', () => {
    const swept = new Set(pageRoutes().map((page) => page.path));
    for (const route of ['/', '/manager', '/login/onboarding', '/api/openapi', '/api/docs']) expect(swept.has(route), route).toBe(false);
    for (const route of ['/app', '/login', '/manager/dashboard', '/manager/users/new']) expect(swept.has(route), route).toBe(true);
  });

  it('fill each parameter with its sample, and leave out a page that has none', () => {
    const samples: Samples = { 'organizations/$slug': 'acme', 'organizations/$id': 'o1', 'invitations/$id': 'i 1' };
    expect(samplePath('/app/organizations/$slug', samples)).toBe('/app/organizations/acme');
    expect(samplePath('/manager/organizations/$id', samples)).toBe('/manager/organizations/o1');
    expect(samplePath('/invitations/$id', samples)).toBe('/invitations/i%201');
    expect(samplePath('/login/verify', samples)).toBe('/login/verify?email=user%40example.com');
    expect(samplePath('/manager/users/$id', samples)).toBeUndefined();
    const swept = pagesToSweep(samples).map((page) => page.path);
    expect(swept).toContain('/app/organizations/acme');
    expect(swept.filter((path) => path.startsWith('/manager/users/'))).toEqual(['/manager/users/new']);
  });
});

/** `useTranslation(…)` (`common` when it names none), `{ ns: … }` and `'ns:key'`; less `loadNamespaces(…)`. */
function namespacesShown(code: string): Set<string> {
  const shown = new Set<string>();
  for (const [, args] of code.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const named = [...args!.matchAll(/['"](\w+)['"]/g)].map(([, ns]) => ns!);
    for (const ns of named.length ? named : ['common']) shown.add(ns);
  }
  for (const [, ns] of code.matchAll(/\bns:\s*['"](\w+)['"]/g)) shown.add(ns!);
  for (const [, ns] of code.matchAll(/['"`](\w+):[\w.]/g)) if ((NAMESPACES as readonly string[]).includes(ns!)) shown.add(ns!);
  for (const [, ns] of code.matchAll(/loadNamespaces\(\s*['"](\w+)['"]/g)) shown.delete(ns!);
  return shown;
}

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('#/')
    ? path.join(root, 'src', specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile(),
  );
}

const scanned = new Map<string, { shown: Set<string>; imports: string[] }>();

/** TypeScript's transpiler drops the comments and the type-only imports; server code renders no page. */
function modulesOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || file.includes('/src/server/') || file.includes('.server.')) return seen;
  seen.add(file);
  if (!scanned.has(file)) {
    const code = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: { removeComments: true, jsx: ts.JsxEmit.Preserve, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ESNext },
    }).outputText;
    const imports = ts.preProcessFile(code, true, true).importedFiles.map(({ fileName }) => resolve(file, fileName));
    scanned.set(file, { shown: namespacesShown(code), imports: imports.filter((imported) => imported !== undefined) });
  }
  for (const imported of scanned.get(file)!.imports) modulesOf(imported, seen);
  return seen;
}

describe('route namespaces', () => {
  const files = new Map(routeFiles().map((route) => [route.id, path.join(root, route.file)]));
  files.set(router.routeTree.id, path.join(root, 'src/routes/__root.tsx'));

  for (const page of pageRoutes()) {
    it(`${page.path}: its routes declare (staticData.namespaces) every namespace its page shows beyond the entry's`, () => {
      const chain: AnyRoute[] = [];
      for (let route: AnyRoute | undefined = routes.find((r) => r.id === page.id); route; route = route.parentRoute) chain.push(route);
      const declared = new Set<string>([...ENTRY_NAMESPACES, ...chain.flatMap((route) => route.options.staticData?.namespaces ?? [])]);
      const undeclared: string[] = [];
      for (const route of chain) {
        for (const module of modulesOf(files.get(route.id)!)) {
          for (const ns of scanned.get(module)!.shown) if (!declared.has(ns)) undeclared.push(`${ns} (${path.relative(root, module)})`);
        }
      }
      expect(undeclared).toEqual([]);
    });
  }
});
