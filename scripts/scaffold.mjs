// `npm run scaffold -- <name>` (e.g. `publisher`): a CRUD resource in the house style, with one field
// `name` (unique, whatever its case) and a seeded sample. docs/guides/adding-a-resource.md walks the same steps by hand.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.on('uncaughtException', (error) => {
  console.error(error.message);
  process.exit(1);
});
const arg = process.argv[2] ?? '';
if (!/^[a-z][a-z]{2,30}$/.test(arg)) {
  console.error('Usage: npm run scaffold -- <name>   (one lower-case English noun, singular: publisher)');
  process.exit(1);
}
const one = arg;
const many = one.endsWith('y') ? `${one.slice(0, -1)}ies` : one.endsWith('s') ? `${one}es` : `${one}s`;
const One = one[0].toUpperCase() + one.slice(1);
const Many = many[0].toUpperCase() + many.slice(1);
const LANGUAGES = ['en', 'fr', 'ar', 'sw'];

const file = (p) => path.join(root, p);
// Every change is kept here and written at the end, so an anchor that moved stops the scaffold before it
// has touched anything.
const changes = new Map();
const read = (p) => changes.get(p) ?? readFileSync(file(p), 'utf8');
const written = [];
const edited = [];

function change(p, text) {
  changes.set(p, text);
  if (!written.includes(p) && !edited.includes(p)) edited.push(p);
}

function create(p, text) {
  if (existsSync(file(p))) throw new Error(`${p} exists: scaffold ${one} once, or remove what it wrote first`);
  changes.set(p, text.replace(/^\n/, ''));
  written.push(p);
}

function insert(p, anchor, text, where = 'before') {
  const source = read(p);
  const at = source.indexOf(anchor);
  if (at < 0)
    throw new Error(
      `${p}: could not find ${JSON.stringify(anchor)}. Nothing was written: edit it by hand (docs/guides/adding-a-resource.md)`,
    );
  const i = where === 'before' ? at : at + anchor.length;
  change(p, source.slice(0, i) + text + source.slice(i));
}

function append(p, text) {
  change(p, `${read(p).trimEnd()}\n${text}`);
}

/** Adds `name` to the file's `import { … } from 'module'`, once. */
function importName(p, module, name) {
  const source = read(p);
  const pattern = new RegExp(`import \\{([^}]*)\\} from '${module.replaceAll('.', '\\.')}';`);
  const names = pattern.exec(source)?.[1];
  if (names === undefined)
    throw new Error(`${p}: no import from ${module}. Nothing was written: edit it by hand (docs/guides/adding-a-resource.md)`);
  if (names.split(',').some((n) => n.trim() === name)) return;
  change(
    p,
    source.replace(pattern, () => `import { ${names.trim().replace(/,$/, '')}, ${name} } from '${module}';`),
  );
}

function editJson(p, edit) {
  const data = JSON.parse(read(p));
  edit(data);
  change(p, `${JSON.stringify(data, null, 2)}\n`);
}

if (existsSync(file(`src/features/${many}`))) {
  console.error(`src/features/${many} exists already.`);
  process.exit(1);
}

// 1. The table, then its migration through drizzle-kit.
append(
  'src/server/db/schema.ts',
  `
export const ${one} = pgTable(
  '${one}',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ...timestamps,
  },
  // Case-insensitive: the API's 409 and the seed's onConflictDoNothing rest on it.
  (t) => [uniqueIndex('${one}_name_unique').on(sql\`lower(\${t.name})\`), index('${one}_name_id').on(t.name, t.id)],
);
`,
);

// The seed: a sample row for the pages (the page sweeps of e2e/support/pages.ts open the first one listed).
importName('src/server/db/seed.ts', './schema.ts', one);
insert(
  'src/server/db/seed.ts',
  '  await insertUsers(db, demoUsers());',
  `  // Fixed ids: seeding again adds nothing. Field by field, so a renamed column is a type error.
  await db
    .insert(${one})
    .values([{ id: '${one}-sample', name: 'Sample ${one}' }] satisfies Array<typeof ${one}.$inferInsert>)
    .onConflictDoNothing();
`,
);

// 2. Schemas: one for the form, the API and the tests.
create(
  `src/features/${many}/${many}.schema.ts`,
  `
/** ${One}: one schema for the form, the API and the tests. Messages are \`${many}\` keys. */
import { listInputSchema, listPageSchema } from '#/lib/list';
import { clientString, z } from '#/lib/zod';

export const ${one}InputSchema = z.strictObject({
  name: clientString().trim().min(1, { error: '${many}:field.nameRequired' }).max(120, { error: '${many}:field.nameTooLong' }),
});
export type ${One}Input = z.input<typeof ${one}InputSchema>;

export const ${one}Schema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ${One} = z.infer<typeof ${one}Schema>;

export const ${one}ListInputSchema = listInputSchema.extend({ order: z.enum(['asc', 'desc']).default('asc') });
export const ${one}ListSchema = listPageSchema(${one}Schema);

export const ${one}IdSchema = z.strictObject({ id: clientString().min(1).max(100) });
`,
);

// 3. The API: list, get, create, update, delete, each with its permission and audit event.
create(
  `src/features/${many}/${many}.router.ts`,
  `
/** ${Many} API: list (search by name), get, create, update, delete. */
import { eq } from 'drizzle-orm';
import { apiError } from '#/server/api-errors.ts';
import { actingIn, changedFields, recordAuditEvent } from '#/server/audit/record.ts';
import { uniqueViolation } from '#/server/db/errors.ts';
import { listKey, listPage } from '#/server/db/list.ts';
import { ${one} } from '#/server/db/schema.ts';
import { contains } from '#/server/db/search.ts';
import { base } from '#/server/rpc.ts';
import { ${one}IdSchema, ${one}InputSchema, ${one}ListInputSchema, ${one}ListSchema, ${one}Schema } from './${many}.schema';

const columns = { id: ${one}.id, name: ${one}.name, createdAt: ${one}.createdAt, updatedAt: ${one}.updatedAt };

// By constraint name: another unique index (or a foreign key) is another field and message.
function conflict(error: unknown, t: (key: string) => string): never {
  if (uniqueViolation(error) === '${one}_name_unique') throw apiError('CONFLICT', t('${many}:field.nameTaken'), { field: 'name' });
  throw error;
}

export const ${many}Router = {
  list: base
    .meta({ permission: { ${one}: ['read'] } })
    .route({ method: 'GET', path: '/${many}', summary: 'List ${many}', tags: ['${many}'] })
    .input(${one}ListInputSchema)
    .output(${one}ListSchema)
    .handler(async ({ input, context: { db, t } }) => {
      const query = db.select({ ...columns, key: listKey(${one}.name) }).from(${one}).$dynamic();
      const where = input.searchTerm ? contains(${one}.name, input.searchTerm) : undefined;
      const page = await listPage(db, query, { where, sort: ${one}.name, id: ${one}.id, order: input.order, cursor: input.cursor, limit: input.limit, t });
      return { ...page, items: page.items.map(({ key: _key, ...row }) => row) };
    }),

  get: base
    .meta({ permission: { ${one}: ['read'] } })
    .route({ method: 'GET', path: '/${many}/{id}', summary: 'Get a ${one}', tags: ['${many}'] })
    .input(${one}IdSchema)
    .output(${one}Schema)
    .handler(async ({ input, context }) => {
      const [row] = await context.db.select(columns).from(${one}).where(eq(${one}.id, input.id));
      if (!row) throw apiError('NOT_FOUND', context.t('${many}:notFound'));
      return row;
    }),

  create: base
    .meta({ permission: { ${one}: ['create'] } })
    .route({ method: 'POST', path: '/${many}', successStatus: 201, summary: 'Create a ${one}', tags: ['${many}'] })
    .input(${one}InputSchema)
    .output(${one}Schema)
    .handler(({ input, context }) =>
      context.db
        .transaction(async (tx) => {
          // Column by column, not \`...input\`: a column renamed in schema.ts is then a type error here.
          const [row] = await tx
            .insert(${one})
            .values({ id: crypto.randomUUID(), name: input.name })
            .returning(columns);
          await recordAuditEvent(tx, { ...actingIn(context), action: '${one}.created', target: { type: '${one}', id: row!.id, label: row!.name } });
          return row!;
        })
        .catch((error: unknown) => conflict(error, context.t)),
    ),

  update: base
    .meta({ permission: { ${one}: ['update'] } })
    .route({ method: 'PUT', path: '/${many}/{id}', summary: 'Update a ${one}', tags: ['${many}'] })
    .input(${one}IdSchema.extend(${one}InputSchema.shape))
    .output(${one}Schema)
    .handler(async ({ input, context }) => {
      const row = await context.db
        .transaction(async (tx) => {
          const [before] = await tx.select().from(${one}).where(eq(${one}.id, input.id)).for('update');
          if (!before) return null;
          const [after] = await tx.update(${one}).set({ name: input.name }).where(eq(${one}.id, input.id)).returning(columns);
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: '${one}.updated',
            target: { type: '${one}', id: input.id, label: input.name },
            changes: changedFields(before, input, ['name']),
          });
          return after!;
        })
        .catch((error: unknown) => conflict(error, context.t));
      if (!row) throw apiError('NOT_FOUND', context.t('${many}:notFound'));
      return row;
    }),

  delete: base
    .meta({ permission: { ${one}: ['delete'] } })
    .route({ method: 'DELETE', path: '/${many}/{id}', summary: 'Delete a ${one}', tags: ['${many}'] })
    .input(${one}IdSchema)
    .handler(async ({ input, context }) => {
      const deleted = await context.db.transaction(async (tx) => {
        const [row] = await tx.delete(${one}).where(eq(${one}.id, input.id)).returning(columns);
        if (row) await recordAuditEvent(tx, { ...actingIn(context), action: '${one}.deleted', target: { type: '${one}', id: row.id, label: row.name } });
        return row;
      });
      if (!deleted) throw apiError('NOT_FOUND', context.t('${many}:notFound'));
      return { id: input.id };
    }),
};
`,
);
insert(
  'src/server/router.ts',
  "import { usersRouter } from '#/features/users/users.router';",
  `import { ${many}Router } from '#/features/${many}/${many}.router';\n`,
);
insert('src/server/router.ts', '  audit: auditRouter,\n', `  ${many}: ${many}Router,\n`, 'after');

// 4. Who may do what: admins everything, users read. tests/permission-matrix.test.ts holds the expectation.
// The statements come first in the file: the first `  genre` line is theirs.
insert('src/lib/permissions.ts', "  genre: ['read'],\n", `  ${one}: ['read', 'create', 'update', 'delete'],\n`, 'after');
insert('src/lib/permissions.ts', "    genre: ['read'],\n  }),", `    ${one}: ['read'],\n`);
insert('src/lib/permissions.ts', "    audit: ['read'],\n", `    ${one}: ['read', 'create', 'update', 'delete'],\n`, 'after');
insert(
  'tests/permission-matrix.test.ts',
  "  'genres.list':",
  `  '${many}.list': { expect: [401, 401, 200, 200] },
  '${many}.get': { params: { id: missing }, expect: [401, 401, 404, 404] },
  '${many}.create': { body: () => ({ name: unique('${One}') }), expect: [401, 401, 403, 201], denied: '${one}' },
  '${many}.update': { params: { id: missing }, body: () => ({ name: unique('${One}') }), expect: [401, 401, 403, 404], denied: '${one}' },
  '${many}.delete': { params: { id: missing }, expect: [401, 401, 403, 404], denied: '${one}' },
`,
);

// 5. Audit actions and their names.
insert('src/lib/audit-actions.ts', "  'genre.created',", `  '${one}.created',\n  '${one}.updated',\n  '${one}.deleted',\n`);
insert('src/lib/audit-actions.ts', 'export const AUDIT_TARGET_TYPES = [', `'${one}', `, 'after');

// 6. Strings: English in all four languages until translated (`npm run i18n:untranslated` lists them).
const strings = {
  title: Many,
  search: `Search ${many}`,
  new: `New ${one}`,
  edit: `Edit ${one}`,
  empty: `No ${many} yet`,
  notFound: `${One} not found`,
  created: `${One} created`,
  updated: `${One} updated`,
  deleted: `${One} deleted`,
  saveFailed: `Could not save the ${one}`,
  deleteFailed: `Could not delete the ${one}`,
  deleteTitle: `Delete this ${one}?`,
  deleteDescription: `The ${one} is deleted for everyone.`,
  field: {
    name: 'Name',
    nameRequired: 'Name is required',
    nameTooLong: 'Name is too long (120 characters at most)',
    nameTaken: `A ${one} with this name exists already`,
  },
  actions: { create: 'Create', save: 'Save', delete: 'Delete' },
};
for (const lng of LANGUAGES) {
  create(`src/locales/${lng}/${many}.json`, `${JSON.stringify(strings, null, 2)}\n`);
  editJson(`src/locales/${lng}/common.json`, (d) => (d.nav[many] = Many));
  editJson(`src/locales/${lng}/audit.json`, (d) => {
    d.targetTypes[one] = One;
    d.actions[one] = { created: `${One} created`, updated: `${One} updated`, deleted: `${One} deleted` };
  });
}
insert('src/lib/i18n/languages.ts', "  'audit',\n", `  '${many}',\n`, 'after');
insert('src/lib/i18n/i18n.ts', "import enZod from '#/locales/en/zod.json';", `import en${Many} from '#/locales/en/${many}.json';\n`);
insert('src/lib/i18n/i18n.ts', '  audit: enAudit,\n', `  ${many}: en${Many},\n`, 'after');

// 7. Pages: the list, the detail (with Delete), the form; their routes; the navigation entry.
create(
  `src/features/${many}/${many}.queries.ts`,
  `
import { orpc } from '#/lib/api-client';
import { listInfiniteOptions, pageLimit } from '#/lib/list-query';

export interface ${Many}TableSearch {
  searchTerm: string;
  order: '' | 'asc' | 'desc';
  limit: '' | '10' | '50' | '100';
}

export const ${many}InfiniteQuery = ({ searchTerm, order, limit }: ${Many}TableSearch) =>
  listInfiniteOptions(orpc.${many}.list, searchTerm, { order: order || undefined, limit: pageLimit(limit) });

export const ${one}Query = (id: string) => orpc.${many}.get.queryOptions({ input: { id } });
`,
);
create(
  `src/features/${many}/page-manager-${many}.tsx`,
  `
/** /manager/${many}: the ${many} table — search and order in the URL, rows that open the ${one}, cards on phones. */
import type { ColumnDef } from '@tanstack/react-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ManagerList, nextSort, type SortOrder } from '#/components/manager-list';
import { buttonVariants } from '#/components/ui/button';
import { usePermission } from '#/features/auth/use-permission';
import { useList } from '#/lib/list-query';
import { ${many}InfiniteQuery } from './${many}.queries';
import type { ${One} } from './${many}.schema';

const route = getRouteApi('/manager/${many}/');

export function PageManager${Many}() {
  const { t } = useTranslation(['${many}', 'tables']);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useList(${many}InfiniteQuery(search));
  const canCreate = usePermission({ ${one}: ['create'] });
  const sort = { key: 'name', order: (search.order || 'asc') as SortOrder };
  const open = (item: ${One}) => void navigate({ to: '/manager/${many}/$id', params: { id: item.id } });
  const nameLink = (item: ${One}) => (
    <Link to="/manager/${many}/$id" params={{ id: item.id }} className="font-medium underline-offset-2 hover:underline">
      <bdi>{item.name}</bdi>
    </Link>
  );
  const columns: ColumnDef<${One}>[] = [{ id: 'name', header: t('field.name'), meta: { sortKey: 'name' }, cell: ({ row }) => nameLink(row.original) }];

  return (
    <ManagerList<${One}>
      title={t('title')}
      action={
        canCreate && (
          <Link to="/manager/${many}/new" className={buttonVariants()}>
            {t('new')}
          </Link>
        )
      }
      searchLabel={t('search')}
      searchTerm={search.searchTerm}
      columns={columns as ColumnDef<${One}, unknown>[]}
      pageSize={search.limit}
      onPageSize={(limit) => void navigate({ search: (prev) => ({ ...prev, limit: limit as typeof search.limit }), replace: true })}
      sort={sort}
      onSort={(key) => {
        const next = nextSort(sort, key);
        void navigate({ search: (prev) => ({ ...prev, order: next.order }), replace: true });
      }}
      list={list}
      getRowId={(item) => item.id}
      onOpen={open}
      emptyText={t('empty')}
      renderCard={(item) => nameLink(item)}
    />
  );
}
`,
);
create(
  `src/features/${many}/page-manager-${one}.tsx`,
  `
/** /manager/${many}/{id}: the ${one}'s fields, Edit, and Delete (confirmed first) in a danger zone. */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { DangerZone } from '#/components/danger-zone';
import { Button, buttonVariants } from '#/components/ui/button';
import { PageHeader } from '#/components/ui/page-header';
import { toast } from '#/components/ui/toast';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useDates } from '#/lib/i18n/use-dates';
import { ${one}Query } from './${many}.queries';

const route = getRouteApi('/manager/${many}/$id/');

export function PageManager${One}() {
  const { t } = useTranslation(['${many}', 'tables', 'audit']);
  const dates = useDates();
  const { id } = route.useParams();
  const { data: item } = useSuspenseQuery(${one}Query(id));
  const canReadAudit = usePermission({ audit: ['read'] });
  const canUpdate = usePermission({ ${one}: ['update'] });
  const canDelete = usePermission({ ${one}: ['delete'] });
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation(
    orpc.${many}.delete.mutationOptions({
      onSettled: () => setConfirming(false),
      onError: (error) => {
        if (!handledGlobally(error)) toast.error(t('deleteFailed'), { description: error.message });
      },
      onSuccess: async () => {
        toast.success(t('deleted'));
        await navigate({ to: '/manager/${many}' });
        queryClient.removeQueries({ queryKey: orpc.${many}.get.key({ input: { id } }) });
        await queryClient.invalidateQueries({ queryKey: orpc.${many}.key() });
      },
    }),
  );

  return (
    <article className="flex max-w-4xl flex-col gap-6">
      <PageHeader
        crumbs={[{ label: t('title'), to: '/manager/${many}' }, { label: <bdi>{item.name}</bdi> }]}
        breadcrumbLabel={t('breadcrumb', { ns: 'tables' })}
        title={item.name}
        actions={
          <>
            {canReadAudit && (
              <Link to="/manager/audit" search={{ targetType: '${one}', targetId: id }} className={buttonVariants({ variant: 'secondary' })}>
                {t('links.history', { ns: 'audit' })}
              </Link>
            )}
            {canUpdate && (
              <Link to="/manager/${many}/$id/update" params={{ id }} className={buttonVariants({ variant: 'secondary' })}>
                {t('edit')}
              </Link>
            )}
          </>
        }
      />
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-2">
        <div className="flex flex-col gap-0.5">
          <dt className="text-muted-foreground">{t('details.created', { ns: 'tables' })}</dt>
          <dd>{dates.dateTime(item.createdAt)}</dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-muted-foreground">{t('details.updated', { ns: 'tables' })}</dt>
          <dd>{dates.dateTime(item.updatedAt)}</dd>
        </div>
      </dl>
      {canDelete && (
        <DangerZone>
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            {t('actions.delete')}
          </Button>
        </DangerZone>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('deleteTitle')}
        description={t('deleteDescription')}
        confirmLabel={t('actions.delete')}
        confirmDisabled={remove.isPending}
        onConfirm={() => remove.mutate({ id })}
      />
    </article>
  );
}
`,
);
create(
  `src/features/${many}/form-${one}.tsx`,
  `
/** The ${one} form (new and update), validated by the same schema as the API. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '#/components/form-page';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { toast } from '#/components/ui/toast';
import { UnsavedChangesGuard } from '#/components/unsaved-changes';
import { orpc, showOnFields } from '#/lib/api-client';
import { ${one}InputSchema, type ${One}, type ${One}Input } from './${many}.schema';

export function Form${One}({ item, onSaved, onCancel }: { item?: ${One}; onSaved: (item: ${One}) => void; onCancel: () => void }) {
  const { t } = useTranslation(['${many}', 'tables']);
  const queryClient = useQueryClient();
  const saved = useRef(false);
  const form = useForm<${One}Input>({ resolver: zodResolver(${one}InputSchema), defaultValues: { name: item?.name ?? '' } });
  const save = useMutation({
    mutationFn: (values: ${One}Input) => {
      const data = ${one}InputSchema.parse(values);
      return item ? orpc.${many}.update.call({ id: item.id, ...data }) : orpc.${many}.create.call(data);
    },
    onSuccess: async (value) => {
      saved.current = true;
      await queryClient.invalidateQueries({ queryKey: orpc.${many}.key() });
      onSaved(value);
    },
    onError: (error) => {
      const rest = showOnFields(error, form.setError, ['name']);
      if (rest !== undefined) toast.error(rest || t('saveFailed'));
    },
  });
  // Schema messages are \`${many}:…\` keys; the server's are translated already.
  const message = (key?: string) => (key?.startsWith('${many}:') ? t(key.slice('${many}:'.length) as 'field.nameRequired') : key);
  return (
    <>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex w-full flex-col gap-5">
        <Field label={t('field.name')} error={message(form.formState.errors.name?.message)}>
          {(ids) => <Input {...ids} dir="auto" {...form.register('name')} />}
        </Field>
        <FormActions submitLabel={item ? t('actions.save') : t('actions.create')} pending={save.isPending} onCancel={onCancel} />
      </form>
      <UnsavedChangesGuard unsaved={() => form.formState.isDirty && !saved.current} />
    </>
  );
}
`,
);
create(
  `src/routes/manager/${many}/index.tsx`,
  `
import { createFileRoute } from '@tanstack/react-router';
import { ListSkeleton } from '#/components/page-skeletons';
import { ${many}InfiniteQuery } from '#/features/${many}/${many}.queries';
import { PageManager${Many} } from '#/features/${many}/page-manager-${many}';
import { optionParam, pageSizeParam, tableRoute } from '#/lib/search-params';

export const Route = createFileRoute('/manager/${many}/')({
  staticData: { title: 'nav.${many}', namespaces: ['${many}', 'tables'] },
  ...tableRoute({ order: optionParam(['asc', 'desc']), limit: pageSizeParam }),
  loader: ({ context, deps }) => context.queryClient.ensureInfiniteQueryData(${many}InfiniteQuery(deps)),
  pendingComponent: ListSkeleton,
  component: PageManager${Many},
});
`,
);
create(
  `src/routes/manager/${many}/new.tsx`,
  `
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FormPage } from '#/components/form-page';
import { toast } from '#/components/ui/toast';
import { Form${One} } from '#/features/${many}/form-${one}';

export const Route = createFileRoute('/manager/${many}/new')({
  staticData: { title: '${many}:new', namespaces: ['${many}', 'tables'] },
  component: function Page${One}New() {
    const { t } = useTranslation('${many}');
    const navigate = useNavigate();
    return (
      <FormPage title={t('new')} crumbs={[{ label: t('title'), to: '/manager/${many}' }, { label: t('new') }]}>
        <Form${One}
          onCancel={() => void navigate({ to: '/manager/${many}' })}
          onSaved={(item) => {
            toast.success(t('created'));
            void navigate({ to: '/manager/${many}/$id', params: { id: item.id } });
          }}
        />
      </FormPage>
    );
  },
});
`,
);
create(
  `src/routes/manager/${many}/$id/index.tsx`,
  `
import { createFileRoute } from '@tanstack/react-router';
import { DetailSkeleton } from '#/components/page-skeletons';
import { ${one}Query } from '#/features/${many}/${many}.queries';
import { PageManager${One} } from '#/features/${many}/page-manager-${one}';
import { orNotFound } from '#/lib/query-client';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/${many}/$id/')({
  staticData: { namespaces: ['${many}', 'tables', 'audit'] },
  loader: ({ context, params }) => orNotFound(context.queryClient.ensureQueryData(${one}Query(params.id))),
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.name) }] }),
  pendingComponent: DetailSkeleton,
  component: PageManager${One},
});
`,
);
create(
  `src/routes/manager/${many}/$id/update.tsx`,
  `
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FormPage } from '#/components/form-page';
import { toast } from '#/components/ui/toast';
import { Form${One} } from '#/features/${many}/form-${one}';
import { ${one}Query } from '#/features/${many}/${many}.queries';
import { orNotFound } from '#/lib/query-client';

export const Route = createFileRoute('/manager/${many}/$id/update')({
  staticData: { title: '${many}:edit', namespaces: ['${many}', 'tables'] },
  loader: ({ context, params }) => orNotFound(context.queryClient.ensureQueryData(${one}Query(params.id))),
  component: function Page${One}Update() {
    const { t } = useTranslation('${many}');
    const { id } = Route.useParams();
    const { data: item } = useSuspenseQuery(${one}Query(id));
    const navigate = useNavigate();
    const back = () => void navigate({ to: '/manager/${many}/$id', params: { id } });
    return (
      <FormPage
        title={t('edit')}
        crumbs={[{ label: t('title'), to: '/manager/${many}' }, { label: <bdi>{item.name}</bdi>, to: '/manager/${many}/$id', params: { id } }, { label: t('edit') }]}
      >
        <Form${One}
          item={item}
          onCancel={back}
          onSaved={() => {
            toast.success(t('updated'));
            back();
          }}
        />
      </FormPage>
    );
  },
});
`,
);
insert(
  'src/layout/manager/layout-manager.tsx',
  "    { to: '/manager/organizations', key: 'organizations'",
  `    { to: '/manager/${many}', key: '${many}', icon: Boxes },\n`,
);
importName('src/layout/manager/layout-manager.tsx', 'lucide-react', 'Boxes');
// The shell's test lists the navigation as a person reads it.
insert('e2e/interface.spec.ts', "      'Organisations',\n      'Audit log',", `      '${Many}',\n`);

// 8. Tests: the API on both databases, and the pages in a real browser.
create(
  `src/features/${many}/${many}.api-suite.ts`,
  `
/** The ${many} API over the real handlers: permissions, every field's round trip, conflicts, validation, the seeded sample. */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../../../tests/support/api.ts';
import type { ${One}Input } from './${many}.schema';

type ApiError = { code: string; message: string; data?: { field?: string; fields?: Record<string, string> } };
type Fields = Required<${One}Input>;
type Item = Fields & { id: string };
type List = { items: Item[]; total: number };

// A value for every field, and another for the update: a new field is a type error here until it has both.
const FIRST = { name: 'Acme ${One}' } satisfies Fields;
const SECOND = { name: 'Zenith ${One}' } satisfies Fields;

export function ${many}ApiSuite() {
  let admin: string;
  let user: string;
  beforeAll(async () => {
    admin = await signIn('admin@example.com');
    user = await signIn('user@example.com');
  });

  describe('${many} API', () => {
    it('lets a user read and refuses them every write', async () => {
      expect((await api('GET', '/${many}')).status).toBe(401);
      expect((await api('GET', '/${many}', { cookie: user })).status).toBe(200);
      expect((await api('POST', '/${many}', { cookie: user, body: { name: 'Nope' } })).status).toBe(403);
    });

    it('keeps every field through create, get, update and get, then deletes the ${one}', async () => {
      const created = await api<Item>('POST', '/${many}', { cookie: admin, body: FIRST });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject(FIRST);
      const url = \`/${many}/\${created.body.id}\`;
      expect((await api<Item>('GET', url, { cookie: user })).body).toMatchObject(FIRST);
      const updated = await api<Item>('PUT', url, { cookie: admin, body: SECOND });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject(SECOND);
      expect((await api<Item>('GET', url, { cookie: user })).body).toMatchObject(SECOND);
      expect((await api('DELETE', url, { cookie: admin })).status).toBe(200);
      const gone = await api<ApiError>('GET', url, { cookie: user });
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe('${One} not found');
    });

    it('trims the name and finds the ${one} by it', async () => {
      const created = await api<Item>('POST', '/${many}', { cookie: admin, body: { name: '  Quill ${One}  ' } });
      expect(created.body.name).toBe('Quill ${One}');
      const found = await api<List>('GET', '/${many}?searchTerm=quill', { cookie: user });
      expect(found.body.items.map((i) => i.name)).toEqual(['Quill ${One}']);
      expect(found.body.total).toBe(1);
    });

    it('refuses a name already used, whatever its case, with a 409 naming the field', async () => {
      expect((await api('POST', '/${many}', { cookie: admin, body: { name: 'Orbit ${One}' } })).status).toBe(201);
      const again = await api<ApiError>('POST', '/${many}', { cookie: admin, body: { name: 'ORBIT ${One}' } });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'A ${one} with this name exists already', data: { field: 'name' } });
      const other = await api<Item>('POST', '/${many}', { cookie: admin, body: { name: 'Other Orbit ${One}' } });
      const renamed = await api<ApiError>('PUT', \`/${many}/\${other.body.id}\`, { cookie: admin, body: { name: 'orbit ${One}' } });
      expect(renamed.status).toBe(409);
      expect(renamed.body.data?.field).toBe('name');
    });

    it('refuses an empty name and an unknown field with a 400 naming the field', async () => {
      const empty = await api<ApiError>('POST', '/${many}', { cookie: admin, body: { name: ' ' } });
      expect(empty.status).toBe(400);
      expect(empty.body.data?.fields?.name).toBe('Name is required');
      const unknown = await api<ApiError>('POST', '/${many}', { cookie: admin, body: { name: 'X', colour: 'red' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.data?.fields?.colour).toBeDefined();
    });

    it('has the seeded sample, for the pages to show', async () => {
      expect((await api<Item>('GET', '/${many}/${one}-sample', { cookie: user })).status).toBe(200);
    });
  });
}
`,
);
create(
  `src/features/${many}/${many}.api.test.ts`,
  `
import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { database } from '#/server/db/index.ts';
import { ${one} } from '#/server/db/schema.ts';
import { seed } from '#/server/db/seed.ts';
import { ${many}ApiSuite } from './${many}.api-suite.ts';

// On the embedded database (DATA_DIR=memory:// for tests).
${many}ApiSuite();

it('adds no ${one} when the seed runs again (the embedded database is seeded when it opens)', async () => {
  const db = await database();
  const rows = async () => (await db.select({ n: count() }).from(${one}))[0]!.n;
  const before = await rows();
  expect(before).toBeGreaterThan(0);
  await seed(db);
  expect(await rows()).toBe(before);
});
`,
);
create(
  `src/features/${many}/${many}.api.pg.test.ts`,
  `
import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { ${many}ApiSuite } from './${many}.api-suite.ts';

// The same tests on a real PostgreSQL server (TEST_DATABASE_URL).
await describeOnPostgres(${many}ApiSuite);
`,
);
create(
  `e2e/${many}.spec.ts`,
  `
import { expect, hydrated, test } from './support/fixtures';

test.describe('${many} (manager)', () => {
  test('an admin creates, renames and deletes a ${one}', async ({ adminPage: page }) => {
    // Names are unique: a run that stopped half-way leaves one behind.
    const run = Date.now();
    await page.goto('/manager/${many}');
    await hydrated(page);
    await page.getByRole('link', { name: 'New ${one}' }).click();
    await page.getByLabel('Name').fill(\`Scaffolded ${One} \${run}\`);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: \`Scaffolded ${One} \${run}\` })).toBeVisible();

    await page.getByRole('link', { name: 'Edit ${one}' }).click();
    await page.getByLabel('Name').fill(\`Renamed ${One} \${run}\`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: \`Renamed ${One} \${run}\` })).toBeVisible();

    await page.goto(\`/manager/${many}?searchTerm=\${run}\`);
    await expect(page.getByRole('link', { name: \`Renamed ${One} \${run}\` }).first()).toBeVisible();
    await page.getByRole('link', { name: \`Renamed ${One} \${run}\` }).first().click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\\/manager\\/${many}$/);
    await expect(page.getByText('${One} deleted')).toBeVisible();
  });
});
`,
);

// 9. Written at last, then the migration, the route tree and the formatting.
for (const [p, text] of changes) {
  mkdirSync(path.dirname(file(p)), { recursive: true });
  writeFileSync(file(p), text);
}
const run = (command, args) => {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
};
run(process.execPath, [file('node_modules/drizzle-kit/bin.cjs'), 'generate', `--name=${many}`]);
run(process.execPath, [file('scripts/generate-routes.mjs')]);
run(process.execPath, [file('node_modules/prettier/bin/prettier.cjs'), '--log-level=warn', '--write', ...written, ...edited]);

console.log(`
${One} scaffolded.
Written:\n${written.map((p) => `  ${p}`).join('\n')}
  drizzle/*_${many}.sql (the migration, applied at start-up), its snapshot in drizzle/meta/ and a line in _journal.json
  src/routeTree.gen.ts (regenerated)
Edited:\n${edited.map((p) => `  ${p}`).join('\n')}

Next:
  1. Add your fields. One new field touches, in src/features/${many}/ unless named:
     - src/server/db/schema.ts: the column (optional text: \`website: text('website')\`);
     - ${many}.schema.ts: the input and the output (as the book's \`publisher\` in src/features/books/books.schema.ts:
       \`clientString().trim().max(…).nullable().default(null)\` in, \`z.string().nullable()\` out);
     - ${many}.router.ts: \`columns\`, the insert's and the update's explicit columns, changedFields' list;
     - form-${one}.tsx: the input, its defaultValues and the showOnFields list;
     - page-manager-${many}.tsx: a list column (if it shows there); page-manager-${one}.tsx: the detail;
     - src/locales/{en,fr,ar,sw}/${many}.json: its label and messages;
     - ${many}.api-suite.ts: a value in FIRST and SECOND (the round trip checks it); e2e/${many}.spec.ts;
     - src/server/db/seed.ts: the sample row's value;
     then, until the migration is committed, npm run db:generate -- --replace-last (one migration for the
     new table; read the SQL), and npm run db:reset for a database that ran the first one.
     A nullable field takes its default on a PUT that leaves it out: make it .optional() if older clients exist.
  2. Translate src/locales/{fr,ar,sw}/${many}.json (npm run i18n:untranslated lists what is still English).
  3. Adjust who may do what in src/lib/permissions.ts and tests/permission-matrix.test.ts (admins all, users read).
  4. npm test
`);
