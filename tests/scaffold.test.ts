// `npm run scaffold`: the plural it names a resource by (`--plural`, the rule, `--dry-run`), and the names it refuses
// before writing anything (issue #55), whatever would break the type check or the lint. It runs on a copy of the
// working tree, a git repository of its own: a refusal must leave `git status` clean.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'scaffold-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const git = (...args: string[]) => {
  const run = spawnSync(
    'git',
    ['-c', 'user.name=Scaffold test', '-c', 'user.email=scaffold@example.com', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
};
const scaffold = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/scaffold.mjs', ...args], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
const text = (p: string) => readFileSync(path.join(dir, p), 'utf8');

beforeAll(() => {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  // Not a git checkout (scripts/check-remove-example.sh runs this on an archive's copy): every file but the built ones.
  const files = (
    listed.status === 0
      ? listed.stdout.split('\0')
      : readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
          (p) => !/^(node_modules|\.git|dist|\.output|screenshots|test-results|\.data)(\/|$)/.test(p),
        )
  ).filter((p) => p && existsSync(path.join(root, p)) && statSync(path.join(root, p)).isFile());
  for (const p of files) {
    mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    cpSync(path.join(root, p), path.join(dir, p));
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  // What a fork may have written by hand: a router key and a route of the manager, with no feature of that name.
  const router = text('src/server/router.ts');
  writeFileSync(
    path.join(dir, 'src/server/router.ts'),
    router.replace('export const router = {\n', 'export const router = {\n  gadgets: webhooksRouter,\n'),
  );
  writeFileSync(path.join(dir, 'src/routes/manager/gizmos.tsx'), '// A page a fork added by hand.\n');
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'The tree');
}, 120_000);

describe('npm run scaffold: the names it refuses', () => {
  // Each case on the tree as committed, whatever the one before did.
  afterEach(() => {
    git('checkout', '-q', '.');
    git('clean', '-qfd');
  });

  it.each([
    [['config'], 'Cannot scaffold config (plural configs): config is taken (src/features/config/ exists). Choose another name.'],
    [
      ['verification'],
      'Cannot scaffold verification (plural verifications): verification is taken (src/server/db/schema.ts exports `verification`). Choose another name.',
    ],
    [
      ['gadget'],
      'Cannot scaffold gadget (plural gadgets): gadgets is taken (src/server/router.ts has the key `gadgets`). Give another plural with --plural <word>, or choose another name.',
    ],
    [
      ['gizmo'],
      'Cannot scaffold gizmo (plural gizmos): gizmos is taken (the route src/routes/manager/gizmos.tsx exists). Give another plural with --plural <word>, or choose another name.',
    ],
    [
      ['app'],
      'Cannot scaffold app (plural apps): apps is taken (src/lib/permissions.ts has the permission resource `apps`). Give another plural with --plural <word>, or choose another name.',
    ],
    [
      ['class'],
      'Cannot scaffold class (plural classes): class is taken (it is a reserved word in JavaScript or TypeScript). Choose another name.',
    ],
    [
      ['thing', '--plural', 'delete'],
      'Cannot scaffold thing (plural delete): delete is taken (it is a reserved word in JavaScript or TypeScript). Give another plural with --plural <word>, or choose another name.',
    ],
    // example:start
    // The organisation's shelf has these actions: the scaffold replaced their names in audit.json, and with --owned
    // imported the table into the data export, whose own `const shelf` hid it (tsc failed).
    [
      ['shelf', '--plural', 'shelves'],
      'Cannot scaffold shelf (plural shelves): shelf is taken (src/lib/audit-actions.ts has the audit actions shelf.added, shelf.removed). Choose another name.',
    ],
    [
      ['shelf', '--owned', '--plural', 'shelves'],
      'Cannot scaffold shelf (plural shelves): shelf is taken (src/lib/audit-actions.ts has the audit actions shelf.added, shelf.removed). Choose another name.',
    ],
    [
      ['rack', '--plural', 'shelf'],
      'Cannot scaffold rack (plural shelf): shelf is taken (src/features/organizations/organizations.router.ts answers the API path /shelf, src/lib/audit-actions.ts has the audit actions shelf.added, shelf.removed). Give another plural with --plural <word>, or choose another name.',
    ],
    // example:end
    [
      ['table'],
      'Cannot scaffold table (plural tables): tables is taken (the strings namespace tables exists (src/locales/en/tables.json)). Give another plural with --plural <word>, or choose another name.',
    ],
    // A feature folder named `tests`: the import-direction rule would refuse the API suites' ../../../tests/… imports.
    [
      ['test'],
      'Cannot scaffold test (plural tests): tests is taken (the folder tests/ exists, which eslint.config.js would take for the feature src/features/tests/). Give another plural with --plural <word>, or choose another name.',
    ],
    // A name that would break tsc in a file it edits: the data export has its own `const events`, which the new
    // rows' `const events` would duplicate.
    [
      ['event', '--owned'],
      'Cannot scaffold event (plural events): `events` (from the plural) would mean two things in src/features/account/account-export.server.ts. Give another plural with --plural <word>, or choose another name.',
    ],
    // The router it writes imports `base` from src/server/rpc.ts, and the table would be `base` too.
    [
      ['base'],
      'Cannot scaffold base (plural bases): `base` (from the name) would mean two things in src/features/bases/bases.router.ts. Choose another name.',
    ],
    [
      ['sheep', '--plural', 'sheep'],
      "Cannot scaffold sheep with the plural sheep: the plural must differ from the name (the list's names and one row's would be the same). Give another with --plural <word>.",
    ],
  ])('refuses %j in one line, exit 1, and writes nothing', (args, line) => {
    const run = scaffold(...args);
    expect(run.stderr).toBe(`${line}\n`);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(git('status', '--porcelain')).toBe('');
  });
});

describe('npm run scaffold: the plural', () => {
  it.each([
    ['box', 'Box: singular box, plural boxes (the rule; --plural <word> gives another).', 'src/features/boxes/boxes.router.ts'],
    ['day', 'Day: singular day, plural days (the rule; --plural <word> gives another).', 'src/features/days/days.router.ts'],
    [
      'category',
      'Category: singular category, plural categories (the rule; --plural <word> gives another).',
      'src/features/categories/categories.router.ts',
    ],
    [
      'church',
      'Church: singular church, plural churches (the rule; --plural <word> gives another).',
      'src/features/churches/churches.router.ts',
    ],
  ])('names %s by the rule, and --dry-run writes nothing', (name, first, router) => {
    const run = scaffold(name, '--dry-run');
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(first);
    expect(lines).toContain(`  ${router}`);
    expect(lines.at(-2)).toBe('Nothing written (--dry-run).');
    expect(git('status', '--porcelain')).toBe('');
  });

  it('says when the ending is often irregular', () => {
    const run = scaffold('roof', '--dry-run');
    expect(run.stdout.split('\n').slice(0, 2)).toEqual([
      'Roof: singular roof, plural roofs (the rule; --plural <word> gives another).',
      'Check the plural: a word ending in -f or -fe may take -ves (leaf: leaves, knife: knives), or not (roof: roofs).',
    ]);
  });

  it('names the folder, the files, the identifiers, the API and the routes by --plural', () => {
    const run = scaffold('person', '--plural', 'people');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('\nPerson scaffolded: singular person, plural people (--plural).\n');
    for (const p of [
      'src/features/people/people.schema.ts',
      'src/features/people/people.router.ts',
      'src/features/people/page-manager-people.tsx',
      'src/features/people/page-manager-person.tsx',
      'src/features/people/form-person.tsx',
      'src/features/people/people.api-suite.ts',
      'src/routes/manager/people/index.tsx',
      'src/routes/manager/people/$id/update.tsx',
      'src/locales/sw/people.json',
      'e2e/people.spec.ts',
    ])
      expect(existsSync(path.join(dir, p)), p).toBe(true);
    expect(text('src/server/db/schema.ts')).toContain("export const person = pgTable(\n  'person',");
    expect(text('src/server/router.ts')).toContain("import { peopleRouter } from '#/features/people/people.router';");
    expect(text('src/server/router.ts')).toContain('  people: peopleRouter,\n');
    const router = text('src/features/people/people.router.ts');
    expect(router).toContain('export const peopleRouter = {');
    expect(router).toContain("path: '/people/{id}'");
    expect(router).toContain(".meta({ permission: { person: ['read'] }, replica: true })");
    expect(text('src/features/people/page-manager-people.tsx')).toContain('export function PageManagerPeople() {');
    expect(text('src/routes/manager/people/$id/update.tsx')).toContain("createFileRoute('/manager/people/$id/update')");
    expect(JSON.parse(text('src/locales/en/people.json'))).toMatchObject({ title: 'People', new: 'New person', empty: 'No people yet' });
    expect(JSON.parse(text('src/locales/en/common.json')).nav.people).toBe('People');
    expect(text('src/lib/i18n/languages.ts')).toContain("  'people',\n");
    expect(git('ls-files', '--others', '--exclude-standard', 'drizzle')).toMatch(/^drizzle\/\d{4}_people\.sql$/m);
    // The rule's plural is in none of the files it wrote or edited.
    const touched = git('status', '--porcelain', '--untracked-files=all')
      .split('\n')
      .filter(Boolean)
      .map((entry) => entry.slice(3));
    expect(touched.length).toBeGreaterThan(30);
    expect(touched.filter((p) => /persons|Persons/.test(p) || /persons|Persons/.test(text(p)))).toEqual([]);
  }, 120_000);

  it('finds a parent named by --plural', () => {
    const run = scaffold('pet', '--parent', 'person');
    expect(run.status, run.stderr).toBe(0);
    const router = text('src/features/pets/pets.router.ts');
    expect(router).toContain("path: '/people/{personId}/pets'");
    expect(router).toContain("import { pet, person } from '#/server/db/schema.ts';");
  }, 120_000);
});
