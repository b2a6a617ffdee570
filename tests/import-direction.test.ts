// Each forbidden import (alias, relative, dynamic) must be reported with its rule's message; the allowed ones beside it pass.
import { describe, expect, it } from 'vitest';
import { lint } from './support/lint.ts';

const PAGE_ROUTE =
  'Page routes reach the server through the product API’s client (src/lib/api-client.ts) or a feature’s server functions, never directly.';
const BELOW_FEATURES = 'components/, lib/ and server/ never import features (features import them).';
const CLIENT_SIDE = 'components/ and lib/ are client-side: they never import server code.';
const FEATURE_SERVER = 'In a feature, only *.router.ts, *.functions.ts and *.server.ts import the server (a type-only import is fine).';
const OTHER_FEATURE = 'A feature imports another feature only through its *.schema.ts or *.functions.ts.';
const AUTH_FEATURE = 'A feature imports auth only through its public modules (see eslint.config.js).';
const COMPOSITION_ROOT = 'server/router.ts imports only the features’ *.router.ts modules.';
const API_CLIENT = 'src/lib/api-client.ts takes from the server only the router’s type and, in its server branch, api-in-process.ts.';
const PURE_DATA = 'src/lib/permissions.ts is pure data and imports nothing of ours but ./role-field.ts.';

describe('import direction (eslint.config.js)', () => {
  it('refuses a page route that imports the server, written either way, static or dynamic', async () => {
    const file = 'src/routes/app/books/synthetic.tsx';
    expect(await lint(file, "import { env } from '#/server/env.ts';\nexport const x = env;\n")).toEqual([
      expect.stringContaining(PAGE_ROUTE),
    ]);
    expect(await lint(file, "import { env } from '../../../server/env.ts';\nexport const x = env;\n")).toEqual([
      expect.stringContaining(PAGE_ROUTE),
    ]);
    expect(await lint(file, "export const x = () => import('#/server/env.ts');\n")).toEqual([`no-restricted-syntax: ${PAGE_ROUTE}`]);
  });

  it('lets a page route import a feature, components and lib', async () => {
    const code = [
      "import { PageBooks } from '#/features/books/page-books';",
      "import { Button } from '#/components/ui/button';",
      "import { cn } from '#/lib/utils';",
      'export const x = [PageBooks, Button, cn];',
      '',
    ].join('\n');
    expect(await lint('src/routes/app/books/synthetic.tsx', code)).toEqual([]);
  });

  it('lets an API route (an endpoint, not a page) import the server module it serves', async () => {
    expect(
      await lint(
        'src/routes/api/synthetic.ts',
        "import { openApiDocument } from '#/server/openapi.ts';\nexport const x = openApiDocument;\n",
      ),
    ).toEqual([]);
  });

  it('refuses components/ui and lib/ importing a feature or the server', async () => {
    expect(
      await lint(
        'src/components/ui/synthetic.tsx',
        "import { sessionQuery } from '#/features/auth/session';\nexport const x = sessionQuery;\n",
      ),
    ).toEqual([expect.stringContaining(BELOW_FEATURES)]);
    expect(
      await lint('src/lib/synthetic.ts', "import { sessionQuery } from '../features/auth/session';\nexport const x = sessionQuery;\n"),
    ).toEqual([expect.stringContaining(BELOW_FEATURES)]);
    expect(await lint('src/lib/i18n/synthetic.ts', "import { env } from '../../server/env.ts';\nexport const x = env;\n")).toEqual([
      expect.stringContaining(CLIENT_SIDE),
    ]);
  });

  it("lets src/lib/api-client.ts take the router's type and import the in-process link dynamically, nothing more", async () => {
    const file = 'src/lib/api-client.ts';
    const allowed = [
      "import type { AppRouter } from '#/server/router.ts';",
      "export const link = () => import('#/server/api-in-process.ts');",
      'export type X = AppRouter;',
      '',
    ].join('\n');
    expect(await lint(file, allowed)).toEqual([]);
    expect(await lint(file, "import { router } from '#/server/router.ts';\nexport const x = router;\n")).toEqual([
      expect.stringContaining(API_CLIENT),
    ]);
    expect(await lint(file, "import { inProcessLink } from '../server/api-in-process.ts';\nexport const x = inProcessLink;\n")).toEqual([
      expect.stringContaining(API_CLIENT),
    ]);
    expect(await lint(file, "export const x = () => import('#/server/env.ts');\n")).toEqual([`no-restricted-syntax: ${API_CLIENT}`]);
    // Any other lib module: not even the link.
    expect(await lint('src/lib/synthetic.ts', "export const x = () => import('#/server/api-in-process.ts');\n")).toEqual([
      `no-restricted-syntax: ${CLIENT_SIDE}`,
    ]);
  });

  it('keeps src/lib/permissions.ts free of imports of ours but the role field', async () => {
    expect(await lint('src/lib/permissions.ts', "import { cn } from './utils';\nexport const x = cn;\n")).toEqual([
      expect.stringContaining(PURE_DATA),
    ]);
    expect(await lint('src/lib/permissions.ts', "import { roleNames } from './role-field.ts';\nexport const x = roleNames;\n")).toEqual([]);
  });

  it('lets only *.router.ts, *.functions.ts and *.server.ts of a feature import the server (types excepted)', async () => {
    const value = "import { database } from '#/server/db/index.ts';\nexport const x = database;\n";
    expect(await lint('src/features/webhooks/synthetic.tsx', value)).toEqual([expect.stringContaining(FEATURE_SERVER)]);
    expect(await lint('src/features/webhooks/synthetic.functions.ts', value)).toEqual([]);
    expect(await lint('src/features/webhooks/synthetic.router.ts', value)).toEqual([]);
    expect(await lint('src/features/webhooks/synthetic.server.ts', value)).toEqual([]);
    expect(
      await lint('src/features/webhooks/synthetic.tsx', "import type { Auth } from '#/server/auth.ts';\nexport type X = Auth;\n"),
    ).toEqual([]);
  });

  it("refuses a feature reaching into another feature's internals, and allows its schema and server functions", async () => {
    const file = 'src/features/webhooks/synthetic.tsx';
    expect(
      await lint(file, "import { PageManagerUsers } from '#/features/users/page-manager-users';\nexport const x = PageManagerUsers;\n"),
    ).toEqual([expect.stringContaining(OTHER_FEATURE)]);
    expect(
      await lint(file, "import { PageManagerUsers } from '../users/page-manager-users';\nexport const x = PageManagerUsers;\n"),
    ).toEqual([expect.stringContaining(OTHER_FEATURE)]);
    expect(await lint(file, "import { isForbidden } from '#/features/auth/guards';\nexport const x = isForbidden;\n")).toEqual([
      expect.stringContaining(AUTH_FEATURE),
    ]);
    const allowed = [
      "import { genreSchema } from '#/features/genres/genres.schema';",
      "import { listGenres } from '../genres/genres.functions';",
      "import { usePermission } from '#/features/auth/use-permission';",
      'export const x = [genreSchema, listGenres, usePermission];',
      '',
    ].join('\n');
    expect(await lint(file, allowed)).toEqual([]);
  });

  it('refuses the server importing a feature, except the API composition root importing *.router.ts', async () => {
    expect(
      await lint(
        'src/server/synthetic.ts',
        "import { booksRouter } from '#/features/books/books.router';\nexport const x = booksRouter;\n",
      ),
    ).toEqual([expect.stringContaining(BELOW_FEATURES)]);
    expect(
      await lint('src/server/router.ts', "import { booksRouter } from '#/features/books/books.router';\nexport const x = booksRouter;\n"),
    ).toEqual([]);
    expect(
      await lint('src/server/router.ts', "import { PageBooks } from '../features/books/page-books';\nexport const x = PageBooks;\n"),
    ).toEqual([expect.stringContaining(COMPOSITION_ROOT)]);
  });
});
