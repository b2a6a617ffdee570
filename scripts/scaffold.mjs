// `npm run scaffold -- <name> [--plural <word>] [--owned] [--parent <resource>] [--field <name>:<type>]…` (e.g.
// `publisher`): a CRUD resource in the house style, with a `name` (unique, whatever its case) and the fields asked
// for, and a seeded sample. `--plural`: the plural, where the rule gets it wrong (person, people). `--owned`: its
// rows belong to the person who creates them (own/any permissions, pages in the app section too, the export
// entry). `--parent`: each row belongs to a row of another resource (a foreign key, deleted with it; its collection
// under the parent's path; its list on the parent's page). `--help` lists the field types.
// A name (or a plural) the tree has already is refused before anything is written (`takenBy`, `refuseNameClashes`).
// docs/guides/adding-a-resource.md walks the same steps by hand.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
process.on('uncaughtException', (error) => {
  console.error(error.message);
  process.exit(1);
});
const USAGE = `Usage: npm run scaffold -- <name> [--plural <word>] [--owned] [--parent <resource>] [--field <name>:<type>]…
  <name>               one lower-case English noun, singular: publisher
  --plural <word>      its plural, when the rule (+s; +es after s, x, z, ch, sh; y after a consonant: +ies)
                       gives the wrong one: leaf --plural leaves, person --plural people. It names the
                       feature's folder and files, the API's paths, the pages' routes and the strings' namespace
  --dry-run            print the singular, the plural and the files it would write and edit; write nothing
  --owned              rows belong to the person who creates them: users create and edit their own in the app
                       section, admins moderate every row (own/any in src/lib/permissions.ts); the rows join
                       "Download my data"
  --parent <resource>  each row belongs to a row of an existing resource (book): a foreign key deleted with it,
                       the collection under its path (GET and POST /books/{bookId}/reviews; one row stays at
                       /reviews/{id}), the rows listed on the parent's page, searched by the parent's title too
  --field <name>:<type>
                       a field beside \`name\`, in camelCase; repeat it for more. Types:
                         text            short text, optional (an input)
                         longtext        long text, optional (a textarea)
                         int:<min>-<max> a whole number in that range, required (a radio group for ten values
                                         or fewer, a number input otherwise): rating:int:1-5
                         bool            yes or no, false by default (a checkbox)
                         enum:<a>,<b>…   one of these values, the first by default (a select):
                                         status:enum:draft,published
                         date            a calendar day, optional (a date input): publishedOn:date
                         ref:<resource>  a row of an existing resource whose list answers pages (listPage),
                                         optional, cleared when that row is deleted (a searched picker):
                                         favourite:ref:book
A name, or a plural, that something in the tree has already (a feature, a table, an API or route path, a
permission, audit actions, a strings namespace, a folder, a reserved word, a name in the code it writes beside)
is refused: nothing is written, and the one line says what has it.
Example: npm run scaffold -- review --owned --parent book --field rating:int:1-5 --field comment:longtext`;
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const fail = (message) => {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
};
const names = [];
const fieldSpecs = [];
let owned = false;
let dryRun = false;
let parentName = null;
let pluralName = null;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--owned') owned = true;
  else if (a === '--dry-run') dryRun = true;
  else if (a === '--parent' || a === '--field' || a === '--plural') {
    const value = args[++i];
    if (!value || value.startsWith('-')) fail(`${a} takes a value.`);
    if (a === '--parent') parentName = value;
    else if (a === '--plural') pluralName = value;
    else fieldSpecs.push(value);
  } else if (a.startsWith('--parent=')) parentName = a.slice('--parent='.length);
  else if (a.startsWith('--plural=')) pluralName = a.slice('--plural='.length);
  else if (a.startsWith('--field=')) fieldSpecs.push(a.slice('--field='.length));
  else if (a.startsWith('-')) fail(`Unknown option ${a}.`);
  else names.push(a);
}
const arg = names[0] ?? '';
if (names.length !== 1 || !/^[a-z][a-z]{2,30}$/.test(arg)) fail(names.length > 1 ? `One name only: ${names.join(', ')}.` : '');
if (pluralName !== null && !/^[a-z][a-z]{2,30}$/.test(pluralName))
  fail(`--plural ${pluralName}: one lower-case word, letters only (leaves).`);
/** The text when the resource is owned, else nothing. */
const ifOwned = (text, otherwise = '') => (owned ? text : otherwise);
/**
 * The regular English plural. Irregular ones are not guessed (leaf: leaves, but roof: roofs; person: people):
 * `--plural` names them, and `pluralHint` points at it for the endings that are often irregular.
 */
const plural = (word) => (/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|z|ch|sh)$/.test(word) ? `${word}es` : `${word}s`);
const IRREGULAR_ENDINGS = [
  [/fe?$/, 'a word ending in -f or -fe may take -ves (leaf: leaves, knife: knives), or not (roof: roofs)'],
  [/o$/, 'a word ending in -o may take -es (hero: heroes), or not (photo: photos)'],
  [/(us|is|ix|ex)$/, 'a word ending in -us, -is, -ix or -ex may have a Latin or Greek plural (cactus: cacti, analysis: analyses)'],
  [
    /(man|child|person|mouse|goose|tooth|foot|sheep|fish|deer|series|species)$/,
    'this word may have an irregular plural (man: men, person: people)',
  ],
];
const pluralHint = (word) => IRREGULAR_ENDINGS.find(([ending]) => ending.test(word))?.[1];
const capital = (word) => word[0].toUpperCase() + word.slice(1);
const one = arg;
const many = pluralName ?? plural(one);
/** One line, and nothing written: a name the tree cannot take. */
const refuse = (message) => {
  console.error(message);
  process.exit(1);
};
if (many === one)
  refuse(
    `Cannot scaffold ${one} with the plural ${many}: the plural must differ from the name (the list's names and one row's would be the same). Give another with --plural <word>.`,
  );
const One = capital(one);
const Many = capital(many);
const LANGUAGES = ['en', 'fr', 'ar', 'sw'];

const file = (p) => path.join(root, p);
// Every change is kept here and written at the end, so an anchor that moved stops the scaffold before it
// has touched anything.
const changes = new Map();
const read = (p) => changes.get(p) ?? readFileSync(file(p), 'utf8');
/** A file of the tree as it is on disk, or '' when there is none. */
const inTree = (p) => (existsSync(file(p)) ? readFileSync(file(p), 'utf8') : '');
const written = [];
const edited = [];

// What a new name must not meet (issue #55): what the tree has of that name already, which the scaffold would
// overwrite or duplicate. The names the written code binds are checked at the end, against a run with a name
// nothing has (the probe).
// example:start
// `shelf` met the organisation's shelf: the scaffold replaced the strings of its audit actions (shelf.added,
// shelf.removed), and with --owned imported the table into src/features/account/account-export.server.ts, whose
// own `const shelf` then hid it (tsc failed there).
// example:end
const RESERVED_WORDS = new Set(
  `arguments await break case catch class const continue debugger default delete else enum eval export extends false
  finally for function implements import instanceof interface let new null package private protected public return
  static super switch this throw true try typeof var void while with yield any bigint boolean never number object
  string symbol undefined unknown`.split(/\s+/),
);
/** The keys of the object literal that starts at `start` in `text` (one a line, as Prettier leaves them). */
const keysAfter = (text, start) => {
  const at = text.indexOf(start);
  if (at < 0) return [];
  const body = text.slice(at + start.length, text.indexOf('\n}', at));
  return [...body.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]);
};
/** The quoted strings of the array literal that starts at `start` in `text`. */
const stringsAfter = (text, start) => {
  const at = text.indexOf(start);
  if (at < 0) return [];
  return [...text.slice(at, text.indexOf('] as const', at)).matchAll(/'([^']+)'/g)].map((m) => m[1]);
};
const json = (p) => (existsSync(file(p)) ? JSON.parse(readFileSync(file(p), 'utf8')) : {});
/** The router files under src, where the API's paths are declared. */
const routerFiles = () =>
  readdirSync(file('src'), { recursive: true })
    .map(String)
    .filter((p) => p.endsWith('.router.ts'))
    .map((p) => `src/${p.split(path.sep).join('/')}`);
/** What in the tree has `name` already, each as a clause ('' when nothing does). */
function takenBy(name, { isPlural }) {
  const found = [];
  if (RESERVED_WORDS.has(name)) found.push('it is a reserved word in JavaScript or TypeScript');
  if (existsSync(file(`src/features/${name}`))) found.push(`src/features/${name}/ exists`);
  const schema = inTree('src/server/db/schema.ts');
  if (new RegExp(`^export (?:const|let|function|class|type|interface|enum) ${name}\\b`, 'm').test(schema))
    found.push(`src/server/db/schema.ts exports \`${name}\``);
  else if (new RegExp(`pgTable\\(\\s*'${name}'`).test(schema)) found.push(`src/server/db/schema.ts has a table '${name}'`);
  if (keysAfter(inTree('src/server/router.ts'), 'export const router = {').includes(name))
    found.push(`src/server/router.ts has the key \`${name}\``);
  if (isPlural) {
    // The feature's folder: eslint.config.js reads `../…/<folder>/` in a feature as an import of that feature, so
    // a feature named after a folder of the tree (tests: the API suites import ../../../tests/support/api.ts)
    // would have lint refuse those imports.
    const folder = [name, `src/${name}`].find((p) => existsSync(file(p)) && statSync(file(p)).isDirectory());
    if (folder) found.push(`the folder ${folder}/ exists, which eslint.config.js would take for the feature src/features/${name}/`);
    const apiPath = new RegExp(`path: '/${name}[/']`);
    const answering = routerFiles().find((p) => apiPath.test(inTree(p)));
    if (answering) found.push(`${answering} answers the API path /${name}`);
  }
  for (const section of ['manager', 'app'])
    for (const route of [`src/routes/${section}/${name}`, `src/routes/${section}/${name}.tsx`])
      if (existsSync(file(route))) found.push(`the route ${route} exists`);
  if (keysAfter(inTree('src/lib/permissions.ts'), 'export const statements = {').includes(name))
    found.push(`src/lib/permissions.ts has the permission resource \`${name}\``);
  const audit = inTree('src/lib/audit-actions.ts');
  const auditStrings = json('src/locales/en/audit.json');
  const actions = stringsAfter(audit, 'export const AUDIT_ACTIONS = [').filter((a) => a.startsWith(`${name}.`));
  if (actions.length) found.push(`src/lib/audit-actions.ts has the audit actions ${actions.join(', ')}`);
  else if (auditStrings.actions?.[name]) found.push(`src/locales/en/audit.json names actions of ${name}`);
  if (stringsAfter(audit, 'export const AUDIT_TARGET_TYPES = [').includes(name) || auditStrings.targetTypes?.[name])
    found.push(`src/lib/audit-actions.ts has the audit target type ${name}`);
  if (
    stringsAfter(inTree('src/lib/i18n/languages.ts'), 'export const NAMESPACES = [').includes(name) ||
    existsSync(file(`src/locales/en/${name}.json`))
  )
    found.push(`the strings namespace ${name} exists (src/locales/en/${name}.json)`);
  if (LANGUAGES.some((lng) => json(`src/locales/${lng}/common.json`).nav?.[name] !== undefined))
    found.push(`src/locales/en/common.json has nav.${name}`);
  return found.join(', ');
}
const takenOne = takenBy(one, { isPlural: false });
const takenMany = takenBy(many, { isPlural: true });
if (takenOne || takenMany)
  refuse(
    `Cannot scaffold ${one} (plural ${many}): ${[takenOne && `${one} is taken (${takenOne})`, takenMany && `${many} is taken (${takenMany})`].filter(Boolean).join('; ')}. ${
      takenOne ? 'Choose another name' : 'Give another plural with --plural <word>, or choose another name'
    }.`,
  );

/** The feature folder of a resource already in the tree: the rule's plural, or the one given to --plural. */
function featureOf(name) {
  const guess = plural(name);
  if (existsSync(file(`src/features/${guess}/${guess}.router.ts`))) return guess;
  // Scaffolded with --plural: the feature whose router lists the table with the table's own permission.
  const found = readdirSync(file('src/features')).find((d) => {
    const router = inTree(`src/features/${d}/${d}.router.ts`);
    return router.includes(`.from(${name})`) && router.includes(`permission: { ${name}: ['read'] }`);
  });
  return found ?? guess;
}

/** A resource already in the tree (a parent, a reference): its table, its feature, the column it is known by. */
function resource(name, role) {
  const schema = readFileSync(file('src/server/db/schema.ts'), 'utf8');
  const start = schema.indexOf(`export const ${name} = pgTable(`);
  const names = featureOf(name);
  if (start < 0 || !existsSync(file(`src/features/${names}/${names}.router.ts`)))
    fail(`${role} ${name}: no table \`${name}\` in src/server/db/schema.ts with src/features/${names}/${names}.router.ts.`);
  // Its list answers keyset pages ({ items, nextCursor, … }): the pickers and the tests read `items`.
  if (!readFileSync(file(`src/features/${names}/${names}.router.ts`), 'utf8').includes('listPage('))
    fail(`${role} ${name}: its list (src/features/${names}/${names}.router.ts) answers no keyset pages (listPage).`);
  const table = schema.slice(start, schema.indexOf('\n);', start));
  const label = /\n\s+title: text\(/.test(table) ? 'title' : /\n\s+name: text\(/.test(table) ? 'name' : null;
  if (!label) fail(`${role} ${name}: its table has neither a \`title\` nor a \`name\` column to show it by.`);
  return { one: name, many: names, One: capital(name), Many: capital(names), label };
}

const parent = parentName === null ? null : resource(parentName, '--parent');
if (parent && parent.one === one) fail('A resource cannot be its own parent.');
/** The text when the resource has a parent, else nothing. */
const ifChild = (text, otherwise = '') => (parent ? text : otherwise);
const parentKey = parent ? `${parent.one}Id` : null;

const words = (camel) => camel.replace(/([A-Z])/g, ' $1').toLowerCase();
const snake = (camel) => camel.replace(/([A-Z])/g, '_$1').toLowerCase();
const RESERVED = new Set(['id', 'name', 'owner', 'ownerId', 'createdAt', 'updatedAt', 'key', ...(parent ? [parent.one, parentKey] : [])]);
const fields = fieldSpecs.map((spec) => {
  const [name = '', type = 'text', ...rest] = spec.split(':');
  const option = rest.join(':');
  if (!/^[a-z][a-zA-Z0-9]{1,30}$/.test(name)) fail(`--field ${spec}: the name is camelCase letters and digits (rating, publishedOn).`);
  if (RESERVED.has(name) || RESERVED.has(`${name}Id`)) fail(`--field ${spec}: \`${name}\` is taken by the scaffold's own columns.`);
  const label = capital(words(name));
  const base = { name, type, label, column: snake(name) };
  if (['text', 'longtext', 'bool', 'date'].includes(type)) {
    if (option) fail(`--field ${spec}: ${type} takes no option.`);
    return base;
  }
  if (type === 'int') {
    const range = /^(-?\d{1,9})-(-?\d{1,9})$/.exec(option);
    if (!range || Number(range[1]) >= Number(range[2])) fail(`--field ${spec}: int takes a range, low-high (rating:int:1-5).`);
    return { ...base, min: Number(range[1]), max: Number(range[2]) };
  }
  if (type === 'enum') {
    const values = option.split(',');
    if (values.length < 2 || new Set(values).size !== values.length || !values.every((v) => /^[a-z][a-z0-9_]{0,30}$/.test(v)))
      fail(`--field ${spec}: enum takes two or more different lower-case values (status:enum:draft,published).`);
    return { ...base, values };
  }
  if (type === 'ref') {
    if (!/^[a-z]+$/.test(option)) fail(`--field ${spec}: ref takes the resource it refers to (favourite:ref:book).`);
    if (option === one) fail(`--field ${spec}: a reference to the resource itself is not scaffolded.`);
    return { ...base, ref: resource(option, `--field ${spec}:`), key: `${name}Id`, column: `${snake(name)}_id` };
  }
  fail(`--field ${spec}: unknown type ${type}.`);
});
if (new Set(fields.map((f) => f.name)).size !== fields.length) fail('A field is named twice.');
const refs = fields.filter((f) => f.type === 'ref');
/** The input's key for a field (a reference's is its id). */
const keyOf = (f) => f.key ?? f.name;
/** A radio group for a short range (a rating), a number input beyond. */
const radios = (f) => f.type === 'int' && f.max - f.min <= 9;

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
  const at = where === 'before last' || where === 'after last' ? source.lastIndexOf(anchor) : source.indexOf(anchor);
  if (at < 0)
    throw new Error(
      `${p}: could not find ${JSON.stringify(anchor)}. Nothing was written: edit it by hand (docs/guides/adding-a-resource.md)`,
    );
  const i = where.startsWith('before') ? at : at + anchor.length;
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
  // A name any import from the module already brings (the example's own import among them) is not added again.
  const all = new RegExp(pattern.source, 'g');
  if ([...source.matchAll(all)].some((m) => m[1].split(',').some((n) => n.trim() === name))) return;
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

/** The lines of `items`, each made by `make`, joined (an empty list writes nothing). */
const each = (items, make, separator = '\n') => items.map(make).filter(Boolean).join(separator);
/** A TypeScript import line per module that is used; `names` in the order given. */
function imports(list) {
  const byModule = new Map();
  for (const [used, module, name] of list) if (used) byModule.set(module, [...(byModule.get(module) ?? []), name]);
  return [...byModule].map(([module, names]) => `import { ${names.join(', ')} } from '${module}';`).join('\n');
}

// What each field type writes where: its column, its input and output schemas, its value in the seed and tests.
const quote = (v) => `'${v}'`;
const valuesName = (f) => `${one.toUpperCase()}_${snake(f.name).toUpperCase()}_VALUES`;
const message = (f, key) => `{ error: '${many}:field.${f.name}${key}' }`;
const FIELD = {
  table: (f) =>
    ({
      text: `${f.name}: text('${f.column}'),`,
      longtext: `${f.name}: text('${f.column}'),`,
      int: `${f.name}: integer('${f.column}').notNull(),`,
      bool: `${f.name}: boolean('${f.column}').notNull().default(false),`,
      enum: `${f.name}: text('${f.column}', { enum: [${f.values?.map(quote).join(', ')}] }).notNull().default('${f.values?.[0]}'),`,
      date: `${f.name}: date('${f.column}', { mode: 'string' }),`,
      ref: `// Cleared when the ${f.ref?.one} is deleted.\n    ${f.key}: text('${f.column}').references(() => ${f.ref?.one}.id, { onDelete: 'set null' }),`,
    })[f.type],
  input: (f) =>
    ({
      text: `${f.name}: clientString().trim().max(200, ${message(f, 'TooLong')}).nullable().default(null),`,
      longtext: `${f.name}: clientString().trim().max(5000, ${message(f, 'TooLong')}).nullable().default(null),`,
      int: `${f.name}: z.int(${message(f, 'Range')}).min(${f.min}, ${message(f, 'Range')}).max(${f.max}, ${message(f, 'Range')}),`,
      bool: `${f.name}: z.boolean().default(false),`,
      enum: `${f.name}: z.enum(${valuesName(f)}, ${message(f, 'Invalid')}).default('${f.values?.[0]}'),`,
      date: `/** A calendar day, YYYY-MM-DD. */\n  ${f.name}: z.iso.date(${message(f, 'Invalid')}).nullable().default(null),`,
      ref: `${f.key}: clientString().trim().min(1).max(100).nullable().default(null),`,
    })[f.type],
  output: (f) =>
    ({
      text: `${f.name}: z.string().nullable(),`,
      longtext: `${f.name}: z.string().nullable(),`,
      int: `${f.name}: z.int(),`,
      bool: `${f.name}: z.boolean(),`,
      enum: `${f.name}: z.enum(${valuesName(f)}),`,
      date: `${f.name}: z.string().nullable(),`,
      ref: `${f.key}: z.string().nullable(),\n  ${f.name}: z.object({ id: z.string(), ${f.ref?.label}: z.string() }).nullable(),`,
    })[f.type],
  column: (f) =>
    f.type === 'ref'
      ? `${f.key}: ${one}.${f.key}, ${f.name}: { id: ${f.name}Ref.id, ${f.ref.label}: ${f.name}Ref.${f.ref.label} }`
      : `${f.name}: ${one}.${f.name}`,
  seed: (f) =>
    ({
      text: `'A sample ${words(f.name)}'`,
      longtext: `'A sample ${words(f.name)}, on more than one line.\\nThe second line.'`,
      int: String(f.min),
      bool: 'true',
      enum: `'${f.values?.[0]}'`,
      date: `'2024-01-15'`,
      ref: 'null',
    })[f.type],
  first: (f) =>
    ({
      text: `'First ${words(f.name)}'`,
      longtext: `'First line\\nsecond line'`,
      int: String(f.min),
      bool: 'true',
      enum: `'${f.values?.[0]}'`,
      date: `'2024-02-29'`,
      ref: 'null',
    })[f.type],
  second: (f) =>
    ({
      text: `'Second ${words(f.name)}'`,
      longtext: `'Another text'`,
      int: String(f.max),
      bool: 'false',
      enum: `'${f.values?.[1]}'`,
      // Set in beforeAll: the first row the list answers.
      ref: `''`,
      date: `'2025-12-31'`,
    })[f.type],
};
const required = fields.filter((f) => f.type === 'int');
/** The fields a body must hold beside the name, as an object literal's entries (`, rating: 1`). */
const requiredEntries = each(required, (f) => `, ${f.name}: ${f.min}`, '');

// 1. The table, then its migration through drizzle-kit.
append(
  'src/server/db/schema.ts',
  `
export const ${one} = pgTable(
  '${one}',
  {
    id: text('id').primaryKey(),${ifChild(`
    // The ${parent?.one} it belongs to: deleted with it.
    ${parentKey}: text('${parent?.one}_id')
      .notNull()
      .references(() => ${parent?.one}.id, { onDelete: 'cascade' }),`)}
    name: text('name').notNull(),${each(fields, (f) => `\n    ${FIELD.table(f)}`, '')}${ifOwned(`
    // Who made it: they may edit and delete it (src/lib/permissions.ts); it leaves with their account.
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),`)}
    ...timestamps,
  },
  // Case-insensitive${ifChild(` and per ${parent?.one}`)}: the API's 409 and the seed's onConflictDoNothing rest on it.
  (t) => [
    uniqueIndex('${one}_name_unique').on(${ifChild(`t.${parentKey}, `)}sql\`lower(\${t.name})\`),
    index('${one}_name_id').on(t.name, t.id),${ifChild(`
    // The ${parent?.one}'s ${many}, in the list's order.
    index('${one}_${parent?.one}_id_name_id').on(t.${parentKey}, t.name, t.id),`)}${ifOwned(`
    index('${one}_owner_id').on(t.ownerId),`)}${each(refs, (f) => `\n    index('${one}_${f.column}').on(t.${f.key}),`, '')}
  ],
);
`,
);

// The seed: a sample row for the pages (the page sweeps of e2e/support/pages.ts open the first one listed).
importName('src/server/db/seed.ts', './schema.ts', one);
if (parent) importName('src/server/db/seed.ts', './schema.ts', parent.one);
const sampleRow = `{ id: '${one}-sample', name: 'Sample ${one}'${each(fields, (f) => `, ${keyOf(f)}: ${FIELD.seed(f)}`, '')}${ifChild(`, ${parentKey}: ${one}Parent.id`)}${ifOwned(`, ownerId: ${one}Owner!.id`)} }`;
const sampleInsert = `await db
    .insert(${one})
    .values([${sampleRow}] satisfies Array<typeof ${one}.$inferInsert>)
    .onConflictDoNothing();`;
const ownerLookup = `const [${one}Owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, 'user@example.com'));`;
if (owned) importName('src/server/db/seed.ts', 'drizzle-orm', 'eq');
if (parent) importName('src/server/db/seed.ts', 'drizzle-orm', 'asc');
// After every row is in, before the synthetic bulk fill: the sample belongs to the seeded user (owned) and to the
// parent's first row (a child).
const seedSample = parent
  ? `const [${one}Parent] = await db.select({ id: ${parent.one}.id }).from(${parent.one}).orderBy(asc(${parent.one}.id)).limit(1);${ifOwned(`
  ${ownerLookup}`)}
  if (${one}Parent) {
    ${sampleInsert}
  }`
  : `${ifOwned(`${ownerLookup}
  `)}${sampleInsert}`;
insert(
  'src/server/db/seed.ts',
  '  const fill = async (',
  `  // Fixed ids: seeding again adds nothing. Field by field, so a renamed column is a type error.
  ${seedSample}

`,
);

// 2. Schemas: one for the form, the API and the tests.
create(
  `src/features/${many}/${many}.schema.ts`,
  `
/** ${One}: one schema for the form, the API and the tests. Messages are \`${many}\` keys. */
import { listInputSchema, listPageSchema } from '#/lib/list';
import { clientString, z } from '#/lib/zod';
${each(
  fields.filter((f) => f.type === 'enum'),
  (f) => `\nexport const ${valuesName(f)} = [${f.values.map(quote).join(', ')}] as const;`,
  '',
)}
export const ${one}InputSchema = z.strictObject({
  name: clientString().trim().min(1, { error: '${many}:field.nameRequired' }).max(120, { error: '${many}:field.nameTooLong' }),${each(fields, (f) => `\n  ${FIELD.input(f)}`, '')}
});
export type ${One}Input = z.input<typeof ${one}InputSchema>;
${ifChild(`
/** A new ${one} names its ${parent?.one} (the path's \`{${parentKey}}\`); it stays with it. */
const ${one}ParentSchema = z.strictObject({
  ${parentKey}: clientString().min(1, { error: '${many}:field.${parent?.one}Required' }).max(100),
});
export const ${one}CreateSchema = ${one}ParentSchema.extend(${one}InputSchema.shape);
export type ${One}CreateInput = z.input<typeof ${one}CreateSchema>;
`)}
export const ${one}Schema = z.object({
  id: z.string(),
  name: z.string(),${each(fields, (f) => `\n  ${FIELD.output(f)}`, '')}${ifChild(`
  /** The ${parent?.one} it belongs to. */
  ${parent?.one}: z.object({ id: z.string(), ${parent?.label}: z.string() }),`)}${ifOwned(`
  /** Who made it, and may edit and delete it. */
  owner: z.object({ id: z.string(), name: z.string() }),`)}
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ${One} = z.infer<typeof ${one}Schema>;

export const ${one}ListInputSchema = listInputSchema.extend({ order: z.enum(['asc', 'desc']).default('asc') });${ifChild(`
export const ${one}Of${parent?.One}ListInputSchema = ${one}ListInputSchema.extend(${one}ParentSchema.shape);`)}
export const ${one}ListSchema = listPageSchema(${one}Schema);

export const ${one}IdSchema = z.strictObject({ id: clientString().min(1).max(100) });
`,
);

// 3. The API: list, get, create, update, delete, each with its permission and audit event.
const tables = [one, ...(parent ? [parent.one] : []), ...(owned ? ['user'] : []), ...new Set(refs.map((f) => f.ref.one))].filter(
  (t, i, all) => all.indexOf(t) === i,
);
/** The joins every answer reads: the owner, the parent, each reference (left: it may be cleared). */
const FROM = `.from(${one})${ifOwned('.innerJoin(user, byOwner)')}${ifChild(`.innerJoin(${parent?.one}, byParent)`)}${each(refs, (f) => `.leftJoin(${f.name}Ref, eq(${one}.${f.key}, ${f.name}Ref.id))`, '')}`;
/** What the search reads beside the name, with the joins listPage counts through. */
const searched = [
  ...(owned ? [['user.name', 'user', 'byOwner']] : []),
  ...(parent ? [[`${parent.one}.${parent.label}`, parent.one, 'byParent']] : []),
];
const searchWhere = searched.length
  ? `term ? or(contains(${one}.name, term), ${searched.map(([column]) => `contains(${column}, term)`).join(', ')}) : undefined`
  : `term ? contains(${one}.name, term) : undefined`;
const listJoins = searched.length
  ? `\n        joins: [${searched.map(([, table, on]) => `{ table: ${table}, on: ${on} }`).join(', ')}],`
  : '';
const writeValues = `name: input.name${each(fields, (f) => `, ${keyOf(f)}: input.${keyOf(f)}`, '')}`;
const foreignKeys = [
  ...(parent ? [[`${one}_${parent.one}_id_${parent.one}_id_fk`, `${many}:parentNotFound`, parentKey]] : []),
  ...refs.map((f) => [`${one}_${f.column}_${f.ref.one}_id_fk`, `${many}:field.${f.name}NotFound`, f.key]),
];
const listBody = (where, indent = '      ') => `const query = db.select({ ...columns, key: listKey(${one}.name) })${FROM}.$dynamic();
${indent}const page = await listPage(db, query, {
${indent}  where: ${where},
${indent}  sort: ${one}.name,
${indent}  id: ${one}.id,
${indent}  order: input.order,
${indent}  cursor: input.cursor,
${indent}  limit: input.limit,
${indent}  t,${listJoins}
${indent}});
${indent}return { ...page, items: page.items.map(({ key: _key, ...row }) => row) };`;
create(
  `src/features/${many}/${many}.router.ts`,
  `
/** ${Many} API: list (search by name${ifOwned(", the owner's")}${ifChild(`, the ${parent?.one}'s ${parent?.label}`)}), ${ifChild(`a ${parent?.one}'s list (under its path), `)}get, create, update, delete.${ifOwned(" Rows belong to their creator: updating and deleting another person's is for whoever holds `:any` (src/lib/permissions.ts), checked by the middleware through `meta.owner`.")} */
import { ${['eq', ...(parent ? ['and'] : []), ...(searched.length ? ['or'] : [])].join(', ')} } from 'drizzle-orm';${
    refs.length ? `\nimport { alias } from 'drizzle-orm/pg-core';` : ''
  }
import { apiError } from '#/server/api-errors.ts';
import { actingIn, changedFields, recordAuditEvent } from '#/server/audit/record.ts';
import type { Database } from '#/server/db/client.ts';
import { ${foreignKeys.length ? 'foreignKeyViolation, ' : ''}uniqueViolation } from '#/server/db/errors.ts';
import { listKey, listPage } from '#/server/db/list.ts';
import { ${tables.join(', ')} } from '#/server/db/schema.ts';
import { contains } from '#/server/db/search.ts';${ifOwned(`
import { ownedBy } from '#/server/ownership.ts';`)}
import { base } from '#/server/rpc.ts';
import {
  ${[`${one}IdSchema`, `${one}InputSchema`, `${one}ListInputSchema`, `${one}ListSchema`, `${one}Schema`, ...(parent ? [`${one}CreateSchema`, `${one}Of${parent.One}ListInputSchema`] : [])].sort().join(',\n  ')},
} from './${many}.schema';
${each(refs, (f) => `\n/** The ${f.ref.one} a ${one}'s \`${f.name}\` names, under its own name: a table may be joined more than once. */\nconst ${f.name}Ref = alias(${f.ref.one}, '${f.name}_ref');`, '')}
const columns = {
  id: ${one}.id,
  name: ${one}.name,${each(fields, (f) => `\n  ${FIELD.column(f)},`, '')}${ifChild(`
  ${parent?.one}: { id: ${parent?.one}.id, ${parent?.label}: ${parent?.one}.${parent?.label} },`)}${ifOwned(`
  owner: { id: user.id, name: user.name },`)}
  createdAt: ${one}.createdAt,
  updatedAt: ${one}.updatedAt,
};
${ifOwned(`
/** A row and its owner: every answer names them, and the list searches their name too. */
const byOwner = eq(${one}.ownerId, user.id);`)}${ifChild(`
/** A row and its ${parent?.one}: every answer names it, and the list searches its ${parent?.label} too. */
const byParent = eq(${one}.${parentKey}, ${parent?.one}.id);`)}

/** The row with what it joins, as every answer gives it. */
async function find${One}(db: Database, id: string) {
  const [row] = await db.select(columns)${FROM}.where(eq(${one}.id, id));
  return row ?? null;
}

/** The list's search: ${searched.length ? `the name or ${searched.map(([c]) => c).join(' or ')} (listPage counts through the same joins)` : 'by name'}. */
const search = (term: string) => (${searchWhere});
${ifOwned(`
/** Whose row a call names: the middleware reads it before an own-rows-only caller's update or delete. */
const owner = ownedBy(${one}.id, ${one}.ownerId, '${many}:notFound');
`)}
// By constraint name: another unique index (or a foreign key) is another field and message.
function conflict(error: unknown, t: (key: string) => string): never {
  if (uniqueViolation(error) === '${one}_name_unique') throw apiError('CONFLICT', t('${many}:field.nameTaken'), { field: 'name' });${
    foreignKeys.length
      ? `
  // A ${[...(parent ? [parent.one] : []), ...refs.map((f) => f.ref.one)].join(' or ')} that does not exist (drizzle names the keys: the migration's SQL shows them).
  const reference = foreignKeyViolation(error);${each(
    foreignKeys,
    ([constraint, key, field]) => `\n  if (reference === '${constraint}') throw apiError('NOT_FOUND', t('${key}'), { field: '${field}' });`,
    '',
  )}`
      : ''
  }
  throw error;
}

export const ${many}Router = {
  // replica: true — may be read from a replica (DATABASE_REPLICA_URLS); the writer's own reads stay on the primary.
  list: base
    .meta({ permission: { ${one}: ['read'] }, replica: true })
    .route({ method: 'GET', path: '/${many}', summary: 'List ${many}', tags: ['${many}'] })
    .input(${one}ListInputSchema)
    .output(${one}ListSchema)
    .handler(async ({ input, context: { db, t } }) => {
      ${listBody('search(input.searchTerm)')}
    }),
${ifChild(`
  // The ${parent?.one}'s ${many}, under its path: the collection is nested, one ${one} is not (/${many}/{id}).
  listOf${parent?.One}: base
    .meta({ permission: { ${one}: ['read'] }, replica: true })
    .route({ method: 'GET', path: '/${parent?.many}/{${parentKey}}/${many}', summary: "List a ${parent?.one}'s ${many}", tags: ['${many}'] })
    .input(${one}Of${parent?.One}ListInputSchema)
    .output(${one}ListSchema)
    .handler(async ({ input, context: { db, t } }) => {
      const [found] = await db.select({ id: ${parent?.one}.id }).from(${parent?.one}).where(eq(${parent?.one}.id, input.${parentKey}));
      if (!found) throw apiError('NOT_FOUND', t('${many}:parentNotFound'));
      ${listBody(`and(eq(${one}.${parentKey}, input.${parentKey}), search(input.searchTerm))`)}
    }),
`)}
  get: base
    .meta({ permission: { ${one}: ['read'] }, replica: true })
    .route({ method: 'GET', path: '/${many}/{id}', summary: 'Get a ${one}', tags: ['${many}'] })
    .input(${one}IdSchema)
    .output(${one}Schema)
    .handler(async ({ input, context }) => {
      const row = await find${One}(context.db, input.id);
      if (!row) throw apiError('NOT_FOUND', context.t('${many}:notFound'));
      return row;
    }),

  create: base
    .meta({ permission: { ${one}: ['create'] } })
    .route({ method: 'POST', path: '${parent ? `/${parent.many}/{${parentKey}}/${many}` : `/${many}`}', successStatus: 201, summary: 'Create a ${one}', tags: ['${many}'] })
    .input(${parent ? `${one}CreateSchema` : `${one}InputSchema`})
    .output(${one}Schema)
    .handler(({ input, context }) =>
      context.db
        .transaction(async (tx) => {
          // Column by column, not \`...input\`: a column renamed in schema.ts is then a type error here.
          const id = crypto.randomUUID();
          await tx.insert(${one}).values({
            id, ${writeValues}${ifChild(`, ${parentKey}: input.${parentKey}`)}${ifOwned(', ownerId: context.user!.id')} });
          const row = (await find${One}(tx, id))!;
          await recordAuditEvent(tx, { ...actingIn(context), action: '${one}.created', target: { type: '${one}', id, label: row.name } });
          return row;
        })
        .catch((error: unknown) => conflict(error, context.t)),
    ),

  update: base
    .meta({ permission: { ${one}: ['update'] }${ifOwned(', owner')} })
    .route({ method: 'PUT', path: '/${many}/{id}', summary: 'Update a ${one}', tags: ['${many}'] })
    .input(${one}IdSchema.extend(${one}InputSchema.shape))
    .output(${one}Schema)
    .handler(async ({ input, context }) => {
      const row = await context.db
        .transaction(async (tx) => {
          const [before] = await tx.select().from(${one}).where(eq(${one}.id, input.id)).for('update');
          if (!before) return null;
          await tx.update(${one}).set({ ${writeValues} }).where(eq(${one}.id, input.id));
          const after = await find${One}(tx, input.id);
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: '${one}.updated',
            target: { type: '${one}', id: input.id, label: input.name },
            changes: changedFields(before, input, [${['name', ...fields.map(keyOf)].map(quote).join(', ')}]),
          });
          return after!;
        })
        .catch((error: unknown) => conflict(error, context.t));
      if (!row) throw apiError('NOT_FOUND', context.t('${many}:notFound'));
      return row;
    }),

  delete: base
    .meta({ permission: { ${one}: ['delete'] }${ifOwned(', owner')} })
    .route({ method: 'DELETE', path: '/${many}/{id}', summary: 'Delete a ${one}', tags: ['${many}'] })
    .input(${one}IdSchema)
    .handler(async ({ input, context }) => {
      const deleted = await context.db.transaction(async (tx) => {
        const [row] = await tx.delete(${one}).where(eq(${one}.id, input.id)).returning({ id: ${one}.id, name: ${one}.name });
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

// 4. Who may do what: admins everything, users read (owned: users create, and edit and delete their own; admins
// any row). tests/permission-matrix.test.ts holds the expectation. The statements come first in the file: the
// first `  apps` line is theirs. No anchor is in the example catalogue (npm run remove-example keeps them all).
const OWNED_ACTIONS = "'read', 'create', 'update:own', 'update:any', 'delete:own', 'delete:any'";
insert(
  'src/lib/permissions.ts',
  "  apps: ['app', 'manager'],\n",
  `  ${one}: [${owned ? OWNED_ACTIONS : "'read', 'create', 'update', 'delete'"}],\n`,
  'after',
);
insert(
  'src/lib/permissions.ts',
  "    apps: ['app'],\n",
  `    ${one}: [${owned ? "'read', 'create', 'update:own', 'delete:own'" : "'read'"}],\n`,
  'after',
);
insert(
  'src/lib/permissions.ts',
  "    audit: ['read'],\n",
  `    ${one}: [${owned ? "'read', 'create', 'update:any', 'delete:any'" : "'read', 'create', 'update', 'delete'"}],\n`,
  'after',
);
const matrixBody = `body: () => ({ name: unique('${One}')${requiredEntries} })`;
// A child is created under a real parent: the matrix's beforeAll keeps one's id as \`ids.${parent?.one}\`.
const createParams = ifChild(`params: { ${parentKey}: '${parent?.one}' }, `);
insert(
  'tests/permission-matrix.test.ts',
  "  'users.list':",
  `  '${many}.list': { expect: [401, 401, 200, 200] },${ifChild(`
  '${many}.listOf${parent?.One}': { params: { ${parentKey}: missing }, expect: [401, 401, 404, 404] },`)}
  '${many}.get': { params: { id: missing }, expect: [401, 401, 404, 404] },
${
  owned
    ? `  '${many}.create': { ${createParams}${matrixBody}, expect: [401, 401, 201, 201] },
  // Another person's row: the user is refused, the admin moderates; the caller's own: both may.
  '${many}.update': {
    ${matrixBody},
    owned: { make: make${One}, own: [401, 401, 200, 200] },
    expect: [401, 401, 403, 200],
    denied: '${one}',
  },
  '${many}.delete': { owned: { make: make${One}, own: [401, 401, 200, 200] }, expect: [401, 401, 403, 200], denied: '${one}' },
`
    : `  '${many}.create': { ${createParams}${matrixBody}, expect: [401, 401, 403, 201], denied: '${one}' },
  '${many}.update': { params: { id: missing }, ${matrixBody}, expect: [401, 401, 403, 404], denied: '${one}' },
  '${many}.delete': { params: { id: missing }, expect: [401, 401, 403, 404], denied: '${one}' },
`
}`,
);
const collectionPath = (parentId) => (parent ? `/${parent.many}/\${${parentId}}/${many}` : `/${many}`);
if (owned) {
  insert(
    'tests/permission-matrix.test.ts',
    '/** An allowed call on a missing id answers 404',
    `/** A ${one} made by the person signed in with \`cookie\`: the params that name it. */
const make${One} = async (cookie: string) => ({
  id: (await api<{ id: string }>('POST', \`${collectionPath(`ids.${parent?.one}`)}\`, { cookie, body: { name: unique('${One}')${requiredEntries} } })).body.id,
});

`,
  );
}
if (parent && !read('tests/permission-matrix.test.ts').includes(`ids.${parent.one} =`)) {
  insert(
    'tests/permission-matrix.test.ts',
    "  for (const name of ['target', 'removable']) {",
    `  // A ${parent.one} to create children under (params \`'${parent.one}'\`).
  ids.${parent.one} = (await api<{ items: Array<{ id: string }> }>('GET', '/${parent.many}?limit=1', { cookie: cookies.admin })).body.items[0]!.id;
`,
  );
}

// 5. Audit actions and their names.
insert('src/lib/audit-actions.ts', "  'organization.created',", `  '${one}.created',\n  '${one}.updated',\n  '${one}.deleted',\n`);
insert('src/lib/audit-actions.ts', 'export const AUDIT_TARGET_TYPES = [', `'${one}', `, 'after');

// 6. Strings: English in all four languages until translated (`npm run i18n:untranslated` lists them).
const fieldStrings = (f) =>
  ({
    text: { [f.name]: f.label, [`${f.name}TooLong`]: `${f.label} is too long (200 characters at most)` },
    longtext: { [f.name]: f.label, [`${f.name}TooLong`]: `${f.label} is too long (5,000 characters at most)` },
    int: { [f.name]: f.label, [`${f.name}Range`]: `${f.label} is a whole number from ${f.min} to ${f.max}` },
    bool: { [f.name]: f.label },
    enum: {
      [f.name]: f.label,
      [`${f.name}Invalid`]: `Choose one of the ${words(f.name)} values`,
      [`${f.name}Options`]: Object.fromEntries((f.values ?? []).map((v) => [v, capital(v.replaceAll('_', ' '))])),
    },
    date: { [f.name]: f.label, [`${f.name}Invalid`]: `${f.label} is a date: year, month and day` },
    ref: {
      [f.name]: f.label,
      [`${f.name}None`]: `No ${words(f.name)}`,
      [`${f.name}Find`]: `Find a ${f.ref?.one}`,
      [`${f.name}NoMatches`]: `No ${f.ref?.one} matches`,
      [`${f.name}NotFound`]: `${f.ref?.One} not found`,
    },
  })[f.type];
const strings = {
  title: Many,
  search: `Search ${many}`,
  new: `New ${one}`,
  edit: `Edit ${one}`,
  empty: `No ${many} yet`,
  notFound: `${One} not found`,
  ...(parent ? { parentNotFound: `${parent.One} not found`, more: `More ${many}` } : {}),
  created: `${One} created`,
  updated: `${One} updated`,
  deleted: `${One} deleted`,
  saveFailed: `Could not save the ${one}`,
  deleteFailed: `Could not delete the ${one}`,
  deleteTitle: `Delete this ${one}?`,
  deleteDescription: `The ${one} is deleted for everyone.`,
  ...(fields.some((f) => f.type === 'bool') ? { yes: 'Yes', no: 'No' } : {}),
  field: {
    name: 'Name',
    nameRequired: 'Name is required',
    nameTooLong: 'Name is too long (120 characters at most)',
    nameTaken: parent ? `A ${one} of this ${parent.one} has this name already` : `A ${one} with this name exists already`,
    ...(parent
      ? {
          [parent.one]: parent.One,
          [`${parent.one}Required`]: `Choose a ${parent.one}`,
          [`${parent.one}Choose`]: `Choose a ${parent.one}`,
          [`${parent.one}Find`]: `Find a ${parent.one}`,
          [`${parent.one}NoMatches`]: `No ${parent.one} matches`,
        }
      : {}),
    ...Object.assign({}, ...fields.map(fieldStrings)),
    ...(owned ? { owner: 'Added by' } : {}),
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
const hasDate = fields.some((f) => f.type === 'date');
const needsNoValue = fields.some((f) => ['text', 'longtext', 'date', 'ref'].includes(f.type));
/** A field's value as a page shows it (`item` names the row), a JSX expression. */
const view = (f, item) =>
  ({
    text: `${item}.${f.name} ? <bdi>{${item}.${f.name}}</bdi> : <NoValue />`,
    longtext: `${item}.${f.name} ? <span className="whitespace-pre-line" dir="auto">{${item}.${f.name}}</span> : <NoValue />`,
    int: `${item}.${f.name}`,
    bool: `${item}.${f.name} ? t('yes') : t('no')`,
    enum: `t(\`field.${f.name}Options.\${${item}.${f.name}}\` as const)`,
    date: `${item}.${f.name} ? day(${item}.${f.name}) : <NoValue />`,
    ref: `${item}.${f.name} ? <bdi>{${item}.${f.name}.${f.ref?.label}}</bdi> : <NoValue />`,
  })[f.type];
// A calendar day is no instant: shown as written, in UTC (useDates() would move it to the reader's zone, a day
// back west of Greenwich).
const dayHelper = hasDate
  ? `\n  const day = (value: string) => dateFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(\`\${value}T00:00:00Z\`));`
  : '';
const tDecl = (namespaces) => `const { t${hasDate ? ', i18n' : ''} } = useTranslation([${namespaces}]);${dayHelper}`;
const listed = fields.filter((f) => f.type !== 'longtext');
const listNeedsNoValue = listed.some((f) => ['text', 'date', 'ref'].includes(f.type));
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
${ifChild(`
/** A ${parent?.one}'s ${many}, in name order: the list on its page. */
export const ${many}Of${parent?.One}Query = (${parentKey}: string) => listInfiniteOptions(orpc.${many}.listOf${parent?.One}, '', { ${parentKey} });
`)}
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
import { buttonVariants } from '#/components/ui/button';${listNeedsNoValue ? `\nimport { NoValue } from '#/components/ui/no-value';` : ''}
import { usePermission } from '#/features/auth/use-permission';${hasDate ? `\nimport { dateFormat } from '#/lib/i18n/format';` : ''}
import { useList } from '#/lib/list-query';
import { ${many}InfiniteQuery } from './${many}.queries';
import type { ${One} } from './${many}.schema';

const route = getRouteApi('/manager/${many}/');

export function PageManager${Many}() {
  ${tDecl(`'${many}', 'tables'`)}
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
  const columns: ColumnDef<${One}>[] = [
    { id: 'name', header: t('field.name'), meta: { sortKey: 'name' }, cell: ({ row }) => nameLink(row.original) },${ifChild(`
    { id: '${parent?.one}', header: t('field.${parent?.one}'), cell: ({ row }) => <bdi>{row.original.${parent?.one}.${parent?.label}}</bdi> },`)}${each(
      listed,
      (f) => `\n    { id: '${f.name}', header: t('field.${f.name}'), cell: ({ row }) => (${view(f, 'row.original')}) },`,
      '',
    )}${ifOwned(`
    { id: 'owner', header: t('field.owner'), cell: ({ row }) => <bdi>{row.original.owner.name}</bdi> },`)}
  ];

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
const fact = (label, value) => `
        <div className="flex flex-col gap-0.5">
          <dt className="text-muted-foreground">${label}</dt>
          <dd>${value}</dd>
        </div>`;
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
import { Button, buttonVariants } from '#/components/ui/button';${needsNoValue ? `\nimport { NoValue } from '#/components/ui/no-value';` : ''}
import { PageHeader } from '#/components/ui/page-header';
import { toast } from '#/components/ui/toast';
import { usePermission } from '#/features/auth/use-permission';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';${hasDate ? `\nimport { dateFormat } from '#/lib/i18n/format';` : ''}
import { useDates } from '#/lib/i18n/use-dates';
import { ${one}Query } from './${many}.queries';

const route = getRouteApi('/manager/${many}/$id/');

export function PageManager${One}() {
  ${tDecl(`'${many}', 'tables', 'audit'`)}
  const dates = useDates();
  const { id } = route.useParams();
  const { data: item } = useSuspenseQuery(${one}Query(id));
  const canReadAudit = usePermission({ audit: ['read'] });
  const canUpdate = usePermission({ ${one}: ['update'] }${ifOwned(', item.owner.id')});
  const canDelete = usePermission({ ${one}: ['delete'] }${ifOwned(', item.owner.id')});
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
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-2">${ifChild(
        fact(`{t('field.${parent?.one}')}`, `<bdi>{item.${parent?.one}.${parent?.label}}</bdi>`),
      )}${each(fields, (f) => fact(`{t('field.${f.name}')}`, `{${view(f, 'item')}}`), '')}${ifOwned(
        fact(`{t('field.owner')}`, `<bdi>{item.owner.name}</bdi>`),
      )}${fact(`{t('details.created', { ns: 'tables' })}`, '{dates.dateTime(item.createdAt)}')}${fact(
        `{t('details.updated', { ns: 'tables' })}`,
        '{dates.dateTime(item.updatedAt)}',
      )}
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

const controlled = fields.filter((f) => ['int', 'bool', 'enum', 'ref'].includes(f.type) && !(f.type === 'int' && !radios(f)));
const pickers = [
  ...(parent ? [{ name: parent.one, many: parent.many, label: parent.label }] : []),
  ...refs.map((f) => ({ name: f.name, many: f.ref.many, label: f.ref.label })),
];
const FormValues = parent ? `${One}CreateInput` : `${One}Input`;
const formSchema = parent ? `${one}CreateSchema` : `${one}InputSchema`;
const defaultOf = (f) =>
  ({
    text: `item?.${f.name} ?? null`,
    longtext: `item?.${f.name} ?? null`,
    int: `item?.${f.name}`,
    bool: `item?.${f.name} ?? false`,
    enum: `item?.${f.name} ?? '${f.values?.[0]}'`,
    date: `item?.${f.name} ?? null`,
    ref: `item?.${f.key} ?? null`,
  })[f.type];
const choicesName = (f) => `${snake(f.name).toUpperCase()}_CHOICES`;
// An empty text input is no value: null, as the API answers it.
const orNull = `{ setValueAs: (value: string) => value || null }`;
const control = (f) => {
  const label = `t('field.${f.name}')`;
  const error = `message(errors.${keyOf(f)}?.message)`;
  switch (f.type) {
    case 'text':
      return `<Field label={${label}} error={${error}}>
          {(ids) => <Input {...ids} dir="auto" {...form.register('${f.name}', ${orNull})} />}
        </Field>`;
    case 'longtext':
      return `<Field label={${label}} error={${error}}>
          {(ids) => <Textarea {...ids} dir="auto" rows={4} {...form.register('${f.name}', ${orNull})} />}
        </Field>`;
    case 'date':
      return `<Field label={${label}} error={${error}}>
          {(ids) => <Input {...ids} type="date" className="w-auto" {...form.register('${f.name}', ${orNull})} />}
        </Field>`;
    case 'int':
      if (!radios(f))
        return `<Field label={${label}} error={${error}}>
          {(ids) => <Input {...ids} type="number" inputMode="numeric" min={${f.min}} max={${f.max}} step={1} className="w-40" {...form.register('${f.name}', { valueAsNumber: true })} />}
        </Field>`;
      // One radio per value: a group has no label element, so a fieldset and its legend name it.
      return `<Controller
          control={form.control}
          name="${f.name}"
          render={({ field, fieldState }) => (
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">{${label}}</legend>
              <RadioGroup
                value={field.value === undefined ? undefined : String(field.value)}
                onValueChange={(value) => field.onChange(Number(value))}
                aria-invalid={Boolean(fieldState.error)}
                className="flex flex-wrap gap-x-5 gap-y-2"
              >
                {${choicesName(f)}.map((value, i) => (
                  <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
                    <RadioGroupItem value={String(value)} ref={i === 0 ? field.ref : undefined} onBlur={field.onBlur} />
                    {value}
                  </label>
                ))}
              </RadioGroup>
              {fieldState.error && (
                <p role="alert" className="text-sm text-destructive">
                  {message(fieldState.error.message)}
                </p>
              )}
            </fieldset>
          )}
        />`;
    case 'bool':
      return `<Controller
          control={form.control}
          name="${f.name}"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Checkbox id={${f.name}Id} ref={field.ref} checked={field.value ?? false} onCheckedChange={(checked) => field.onChange(checked === true)} onBlur={field.onBlur} />
              <label htmlFor={${f.name}Id} className="text-sm font-medium">
                {${label}}
              </label>
            </div>
          )}
        />`;
    case 'enum':
      return `<Field label={${label}} error={${error}}>
          {(ids) => (
            <Controller
              control={form.control}
              name="${f.name}"
              render={({ field }) => (
                <OptionSelect
                  value={field.value ?? '${f.values[0]}'}
                  onValueChange={field.onChange}
                  options={${valuesName(f)}.map((value) => ({ value, label: t(\`field.${f.name}Options.\${value}\` as const) }))}
                  trigger={{ ...ids, ref: field.ref, onBlur: field.onBlur }}
                />
              )}
            />
          )}
        </Field>`;
    case 'ref':
      return `<Field label={${label}} error={${error}}>
          {(ids) => (
            <Controller
              control={form.control}
              name="${f.key}"
              render={({ field }) => (
                <Combobox
                  {...ids}
                  {...${f.name}Options}
                  ref={field.ref}
                  options={[{ value: '', label: t('field.${f.name}None') }, ...${f.name}Options.options]}
                  selectedOption={item?.${f.name} ? { value: item.${f.name}.id, label: item.${f.name}.${f.ref.label} } : undefined}
                  value={field.value ?? ''}
                  onValueChange={(value) => field.onChange(value || null)}
                  placeholder={t('field.${f.name}None')}
                  searchLabel={t('field.${f.name}Find')}
                  emptyText={t('field.${f.name}NoMatches')}
                />
              )}
            />
          )}
        </Field>`;
  }
};
const parentControl = parent
  ? `{!item && (
          <Field label={t('field.${parent.one}')} error={message(errors.${parentKey}?.message)}>
            {(ids) => (
              <Controller
                control={form.control}
                name="${parentKey}"
                render={({ field }) => (
                  <Combobox
                    {...ids}
                    {...${parent.one}Options}
                    ref={field.ref}
                    selectedOption={chosen${parent.One} ? { value: chosen${parent.One}.id, label: chosen${parent.One}.${parent.label} } : undefined}
                    value={field.value}
                    onValueChange={field.onChange}
                    placeholder={t('field.${parent.one}Choose')}
                    searchLabel={t('field.${parent.one}Find')}
                    emptyText={t('field.${parent.one}NoMatches')}
                  />
                )}
              />
            )}
          </Field>
        )}
        `
  : '';
const formFields = ['name', ...(parent ? [parentKey] : []), ...fields.map(keyOf)];
create(
  `src/features/${many}/form-${one}.tsx`,
  `
/** The ${one} form (new and update), validated by the same schema as the API.${ifChild(` A new ${one} picks its ${parent?.one} (the route may hand it one); an update leaves it where it is.`)} */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, ${parent ? 'useQuery, ' : ''}useQueryClient } from '@tanstack/react-query';
import { ${['useRef', ...(fields.some((f) => f.type === 'bool') ? ['useId'] : [])].sort().join(', ')} } from 'react';
import { ${controlled.length || parent ? 'Controller, ' : ''}useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '#/components/form-page';
${imports([
  [fields.some((f) => f.type === 'bool'), '#/components/ui/checkbox', 'Checkbox'],
  [pickers.length > 0, '#/components/ui/combobox', 'Combobox'],
  [true, '#/components/ui/field', 'Field'],
  [true, '#/components/ui/input', 'Input'],
  [fields.some(radios), '#/components/ui/radio-group', 'RadioGroup'],
  [fields.some(radios), '#/components/ui/radio-group', 'RadioGroupItem'],
  [fields.some((f) => f.type === 'enum'), '#/components/ui/select', 'OptionSelect'],
  [fields.some((f) => f.type === 'longtext'), '#/components/ui/textarea', 'Textarea'],
  [true, '#/components/ui/toast', 'toast'],
  [true, '#/components/unsaved-changes', 'UnsavedChangesGuard'],
  [true, '#/lib/api-client', 'orpc'],
  [true, '#/lib/api-client', 'showOnFields'],
  [pickers.length > 0, '#/lib/use-searched-options', 'useSearchedOptions'],
])}
import { ${[`${formSchema}`, ...fields.filter((f) => f.type === 'enum').map(valuesName), `type ${One}`, `type ${FormValues}`].join(
    ', ',
  )} } from './${many}.schema';
${each(fields.filter(radios), (f) => `\nconst ${choicesName(f)} = [${Array.from({ length: f.max - f.min + 1 }, (_, i) => f.min + i).join(', ')}];`, '')}

export function Form${One}({
  item,${ifChild(`
  ${parentKey},`)}
  onSaved,
  onCancel,
}: {
  item?: ${One};${ifChild(`
  /** A new ${one}'s ${parent?.one}, chosen already (the ${parent?.one}'s page links here with it). */
  ${parentKey}?: string | undefined;`)}
  onSaved: (item: ${One}) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['${many}', 'tables']);
  const queryClient = useQueryClient();
  const saved = useRef(false);${each(
    fields.filter((f) => f.type === 'bool'),
    (f) => `\n  const ${f.name}Id = useId();`,
    '',
  )}
  const form = useForm<${FormValues}>({
    resolver: zodResolver(${formSchema}),
    defaultValues: {
      name: item?.name ?? '',${ifChild(`
      ${parentKey}: item?.${parent?.one}.id ?? ${parentKey} ?? '',`)}${each(fields, (f) => `\n      ${keyOf(f)}: ${defaultOf(f)},`, '')}
    },
  });
  const errors = form.formState.errors;${each(
    pickers,
    (p) => `
  const ${p.name}Options = useSearchedOptions(
    (searchTerm) => orpc.${p.many}.list.queryOptions({ input: { searchTerm } }),
    (row) => ({ value: row.id, label: row.${p.label} }),
  );`,
    '',
  )}${ifChild(`
  // The ${parent?.one} handed in, named on the picker before its first page of options has it.
  const { data: chosen${parent?.One} } = useQuery({ ...orpc.${parent?.many}.get.queryOptions({ input: { id: ${parentKey} ?? '' } }), enabled: !item && Boolean(${parentKey}) });`)}
  const save = useMutation({
    mutationFn: (values: ${FormValues}) => {
      ${
        parent
          ? `const { ${parentKey}: chosen, ...data } = ${formSchema}.parse(values);
      return item ? orpc.${many}.update.call({ id: item.id, ...data }) : orpc.${many}.create.call({ ${parentKey}: chosen, ...data });`
          : `const data = ${formSchema}.parse(values);
      return item ? orpc.${many}.update.call({ id: item.id, ...data }) : orpc.${many}.create.call(data);`
      }
    },
    onSuccess: async (value) => {
      saved.current = true;
      await queryClient.invalidateQueries({ queryKey: orpc.${many}.key() });
      onSaved(value);
    },
    onError: (error) => {
      // A refusal that names a field (data.field, data.fields) shows on it; any other in a toast.
      const rest = showOnFields(error, form.setError, [${formFields.map(quote).join(', ')}]);
      if (rest !== undefined) toast.error(rest || t('saveFailed'));
    },
  });
  // Schema messages are \`${many}:…\` keys; the server's are translated already.
  const message = (key?: string) => (key?.startsWith('${many}:') ? t(key.slice('${many}:'.length) as 'field.nameRequired') : key);
  return (
    <>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex w-full flex-col gap-5">
        ${parentControl}<Field label={t('field.name')} error={message(errors.name?.message)}>
          {(ids) => <Input {...ids} dir="auto" {...form.register('name')} />}
        </Field>${each(fields, (f) => `\n        ${control(f)}`, '')}
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
import { Form${One} } from '#/features/${many}/form-${one}';${ifChild(`
import { idParam, searchParams } from '#/lib/search-params';`)}

export const Route = createFileRoute('/manager/${many}/new')({
  staticData: { title: '${many}:new', namespaces: ['${many}', 'tables'] },${ifChild(`
  // ?${parentKey}=…: the ${parent?.one}'s page links here with it chosen.
  validateSearch: searchParams({ ${parentKey}: idParam }),`)}
  component: function Page${One}New() {
    const { t } = useTranslation('${many}');
    const navigate = useNavigate();${ifChild(`
    const { ${parentKey} } = Route.useSearch();`)}
    return (
      <FormPage title={t('new')} crumbs={[{ label: t('title'), to: '/manager/${many}' }, { label: t('new') }]}>
        <Form${One}${ifChild(`
          ${parentKey}={${parentKey} || undefined}`)}
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
  // An id that names no ${one} (a 404, or a 400 for one the API refuses) is the not-found page, not an error.
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
if (owned) {
  // The owner's pages: the same list, detail and forms in the app section, where Edit and Delete show on the
  // person's own rows (usePermission with the row's owner) and on every row for whoever holds `:any`.
  const inApp = (text) =>
    text
      .replaceAll(`/manager/${many}`, `/app/${many}`)
      .replaceAll('PageManager', 'Page')
      .replaceAll('page-manager-', 'page-')
      .replaceAll(`/manager/{id}`, `/app/{id}`);
  for (const p of [
    `src/features/${many}/page-manager-${many}.tsx`,
    `src/features/${many}/page-manager-${one}.tsx`,
    `src/routes/manager/${many}/index.tsx`,
    `src/routes/manager/${many}/new.tsx`,
    `src/routes/manager/${many}/$id/index.tsx`,
    `src/routes/manager/${many}/$id/update.tsx`,
  ]) {
    create(inApp(p).replace('src/routes/manager/', 'src/routes/app/'), inApp(changes.get(p)));
  }
  insert(
    'src/layout/app/nav-items.ts',
    "  { to: '/app/account', key: 'account'",
    `  { to: '/app/${many}', key: '${many}', icon: Boxes, exact: false },\n`,
  );
  importName('src/layout/app/nav-items.ts', 'lucide-react', 'Boxes');

  // "Download my data": the person's own rows (account-export-coverage.test.ts fails without the entry).
  const exportFile = 'src/features/account/account-export.server.ts';
  insert(exportFile, '  invitation: {\n    excluded:', `  ${one}: { section: '${many}' },\n`);
  importName(exportFile, '#/server/db/schema.ts', one);
  insert(
    exportFile,
    "  // The same events, and the same blanks, as the account page's security activity.",
    `  const ${many} = await db
    .select({ id: ${one}.id, name: ${one}.name${each(fields, (f) => `, ${keyOf(f)}: ${one}.${keyOf(f)}`, '')}${ifChild(`, ${parentKey}: ${one}.${parentKey}`)}, createdAt: ${one}.createdAt, updatedAt: ${one}.updatedAt })
    .from(${one})
    .where(eq(${one}.ownerId, me.id))
    .orderBy(asc(${one}.createdAt));
`,
  );
  insert(exportFile, '    auditEvents: events.map(', `    ${many},\n`);
}
insert(
  'src/layout/manager/nav-items.ts',
  "    { to: '/manager/organizations', key: 'organizations'",
  `    { to: '/manager/${many}', key: '${many}', icon: Boxes },\n`,
);
importName('src/layout/manager/nav-items.ts', 'lucide-react', 'Boxes');

// 7b. A child's list on its parent's page. A feature imports no other feature's page (eslint.config.js): the
// parent's ROUTE composes the two, and the parent's page takes the list as its children.
const composed = [];
if (parent) {
  const sections = owned ? ['app', 'manager'] : ['manager'];
  const facts = [
    ...(owned ? ['<bdi>{item.owner.name}</bdi>'] : []),
    ...fields
      .filter((f) => ['int', 'enum', 'bool'].includes(f.type))
      .map((f) => `<span>\n                  {t('field.${f.name}')}: {${view(f, 'item')}}\n                </span>`),
  ];
  const longText = fields.find((f) => f.type === 'longtext');
  const to = (tail) => (owned ? `{section === 'app' ? '/app/${many}${tail}' : '/manager/${many}${tail}'}` : `"/manager/${many}${tail}"`);
  create(
    `src/features/${many}/${many}-of-${parent.one}.tsx`,
    `
/**
 * A ${parent.one}'s ${many}, on the ${parent.one}'s page. The ${parent.one}'s route composes it (a feature imports no other
 * feature's components: docs/architecture.md); the ${parent.one}'s page renders it as its children.
 */
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '#/components/ui/button';
import { usePermission } from '#/features/auth/use-permission';
import { useList } from '#/lib/list-query';
import { ${many}Of${parent.One}Query } from './${many}.queries';

export function ${Many}Of${parent.One}({ ${parentKey}${ifOwned(', section')} }: { ${parentKey}: string${ifOwned("; section: 'app' | 'manager'")} }) {
  const { t } = useTranslation('${many}');
  const headingId = useId();
  const list = useList(${many}Of${parent.One}Query(${parentKey}));
  const canCreate = usePermission({ ${one}: ['create'] });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('title')}
        </h2>
        {canCreate && (
          <Link to=${to('/new')} search={{ ${parentKey} }} className={buttonVariants({ variant: 'secondary' })}>
            {t('new')}
          </Link>
        )}
      </div>
      {list.loaded && list.items.length === 0 && <p className="text-sm text-muted-foreground">{t('empty')}</p>}
      {list.items.length > 0 && (
        <ul className="flex flex-col divide-y rounded-lg border">
          {list.items.map((item) => (
            <li key={item.id} className="flex min-w-0 flex-col gap-1 p-3">
              <Link to=${to('/$id')} params={{ id: item.id }} className="font-medium underline-offset-2 hover:underline">
                <bdi>{item.name}</bdi>
              </Link>${
                facts.length
                  ? `
              <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
                ${facts.join('\n                ')}
              </p>`
                  : ''
              }${
                longText
                  ? `
              {item.${longText.name} && (
                <p className="line-clamp-3 text-sm whitespace-pre-line" dir="auto">
                  {item.${longText.name}}
                </p>
              )}`
                  : ''
              }
            </li>
          ))}
        </ul>
      )}
      {list.hasMore && (
        <Button variant="secondary" className="self-start" disabled={list.loadingMore} onClick={list.loadMore}>
          {t('more')}
        </Button>
      )}
    </section>
  );
}
`,
  );
  for (const section of sections) {
    const route = [`src/routes/${section}/${parent.many}/$id.tsx`, `src/routes/${section}/${parent.many}/$id/index.tsx`].find((p) =>
      existsSync(file(p)),
    );
    if (!route) continue;
    const source = read(route);
    const element = `<${Many}Of${parent.One} ${parentKey}={id}${ifOwned(` section="${section}"`)} />`;
    const plain = /\n {2}component: (\w+),\n/.exec(source);
    const page = plain?.[1] ?? /\n {2}component: function \w+\(\) \{[\s\S]*?\n {6}<(\w+)>/.exec(source)?.[1];
    const pageImport = page && new RegExp(`import \\{[^}]*\\b${page}\\b[^}]*\\} from '#/features/([^']+)';`).exec(source);
    if (!page || !pageImport) {
      console.warn(`${route}: not composed (no \`component: Page…\` from a feature); show ${Many}Of${parent.One} there by hand.`);
      continue;
    }
    // The route: its page with the list inside; the list's strings among the page's namespaces.
    if (plain)
      change(
        route,
        source.replace(
          plain[0],
          `\n  component: function ${page}With${Many}() {\n    const { id } = Route.useParams();\n    return (\n      <${page}>\n        ${element}\n      </${page}>\n    );\n  },\n`,
        ),
      );
    else insert(route, `      </${page}>`, `        ${element}\n`);
    insert(route, pageImport[0], `\nimport { ${Many}Of${parent.One} } from '#/features/${many}/${many}-of-${parent.one}';`, 'after');
    insert(route, 'namespaces: [', `'${many}', `, 'after');
    // The route's loader reads the list too: the page arrives with it, and the browser does not ask again.
    const load = `loadInfiniteQuery(context.queryClient, ${many}Of${parent.One}Query(params.id))`;
    const loader = read(route);
    const spread = /\n {2}loader: async \(\{[^}]*\}\) => \{\n(\s*)const \[\w+\] = await Promise\.all\(\[\n/.exec(loader);
    const single = /\n {2}loader: \(\{ context, params \}\) => (.+),\n/.exec(loader);
    if (spread) {
      // At the end of the array: the loader destructures its first result.
      const close = loader.indexOf(`\n${spread[1]}]);`, spread.index + spread[0].length);
      change(route, `${loader.slice(0, close)}\n${spread[1]}  ${load},${loader.slice(close)}`);
    } else if (single)
      change(
        route,
        loader.replace(
          single[0],
          `\n  loader: async ({ context, params }) => {\n    const [found] = await Promise.all([${single[1]}, ${load}]);\n    return found;\n  },\n`,
        ),
      );
    else console.warn(`${route}: its loader does not read ${Many}Of${parent.One}'s list; the page asks for it after loading.`);
    if (spread || single) {
      importName(route, '#/lib/query-client', 'loadInfiniteQuery');
      insert(route, pageImport[0], `\nimport { ${many}Of${parent.One}Query } from '#/features/${many}/${many}.queries';`, 'after');
    }
    // The page: takes children, shown at the end of its article.
    const pageFile = ['.tsx', '.ts'].map((ext) => `src/features/${pageImport[1]}${ext}`).find((p) => existsSync(file(p)));
    const pageSource = pageFile && read(pageFile);
    if (pageSource && !pageSource.includes(`export function ${page}({ children }`)) {
      const signature = `export function ${page}() {`;
      if (!pageSource.includes(signature))
        throw new Error(`${pageFile}: could not find ${JSON.stringify(signature)}. Nothing was written.`);
      change(pageFile, pageSource.replace(signature, `export function ${page}({ children }: { children?: ReactNode }) {`));
      insert(pageFile, '</article>', '{children}\n', 'before last');
      if (/import \{[^}]*\} from 'react';/.test(read(pageFile))) importName(pageFile, 'react', 'type ReactNode');
      else insert(pageFile, '\nimport ', `\nimport type { ReactNode } from 'react';`);
    }
    composed.push(section);
  }
}

// 8. Tests: the API on both databases, and the pages in a real browser.
/** Where a new row is POSTed, as a template literal's text (a child's names its parent: \`parentId\` in the suite). */
const NEW = parent ? `\`/${parent.many}/\${parentId}/${many}\`` : `'/${many}'`;
const refusals = fields.flatMap((f) => {
  const base = `{ name: 'Refused ${One}'${each(
    required.filter((r) => r !== f),
    (r) => `, ${r.name}: ${r.min}`,
    '',
  )}`;
  switch (f.type) {
    case 'text':
    case 'longtext':
      return [
        [
          `${f.name}: ${f.type === 'text' ? 201 : 5001} characters`,
          `${base}, ${f.name}: 'x'.repeat(${f.type === 'text' ? 201 : 5001}) }`,
          400,
          `fields: { ${f.name}: '${fieldStrings(f)[`${f.name}TooLong`]}' }`,
        ],
      ];
    case 'int':
      return [
        [
          `${f.name}: ${f.max + 1}`,
          `${base}, ${f.name}: ${f.max + 1} }`,
          400,
          `fields: { ${f.name}: '${fieldStrings(f)[`${f.name}Range`]}' }`,
        ],
        [
          `${f.name}: ${f.min} and a half`,
          `${base}, ${f.name}: ${f.min}.5 }`,
          400,
          `fields: { ${f.name}: '${fieldStrings(f)[`${f.name}Range`]}' }`,
        ],
      ];
    case 'enum':
      return [
        [
          `${f.name}: a value not listed`,
          `${base}, ${f.name}: 'unlisted' }`,
          400,
          `fields: { ${f.name}: '${fieldStrings(f)[`${f.name}Invalid`]}' }`,
        ],
      ];
    case 'date':
      return [
        [
          `${f.name}: a 13th month`,
          `${base}, ${f.name}: '2024-13-01' }`,
          400,
          `fields: { ${f.name}: '${fieldStrings(f)[`${f.name}Invalid`]}' }`,
        ],
      ];
    case 'bool':
      return [[`${f.name}: text`, `${base}, ${f.name}: 'yes' }`, 400, 'null']];
    case 'ref':
      return [[`${f.key}: no such ${f.ref.one}`, `${base}, ${f.key}: 'no-such-${f.ref.one}' }`, 404, `field: '${f.key}'`]];
  }
  return [];
});
create(
  `src/features/${many}/${many}.api-suite.ts`,
  `
/** The ${many} API over the real handlers: permissions, every field's round trip and refusals, conflicts, validation, the seeded sample. */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../../../tests/support/api.ts';
import type { ${One}Input } from './${many}.schema';

type ApiError = { code: string; message: string; data?: { field?: string; fields?: Record<string, string> } };
type Fields = Required<${One}Input>;
type Item = Fields & { id: string${ifChild(`; ${parent?.one}: { id: string; ${parent?.label}: string }`)}${ifOwned('; owner: { id: string; name: string }')}${each(refs, (f) => `; ${f.name}: { id: string; ${f.ref.label}: string } | null`, '')} };
type List = { items: Item[]; total: number };

// A value for every field, and another for the update: a new field is a type error here until it has both.
const FIRST = { name: 'Acme ${One}'${each(fields, (f) => `, ${keyOf(f)}: ${FIELD.first(f)}`, '')} } satisfies Fields;
const SECOND = { name: 'Zenith ${One}'${each(fields, (f) => `, ${keyOf(f)}: ${FIELD.second(f)}`, '')} } satisfies Fields;

export function ${many}ApiSuite() {
  let admin: string;
  let user: string;${ifOwned(`
  let other: string;`)}${ifChild(`
  /** The ${parent?.one} the ${many} here are made under, and another. */
  let parentId: string;
  let parentLabel: string;
  let otherParentId: string;`)}
  beforeAll(async () => {
    admin = await signIn('admin@example.com');
    user = await signIn('user@example.com');${ifOwned(`
    other = await signIn('other-${one}@example.com');`)}${ifChild(`
    const parents = (await api<{ items: Array<{ id: string; ${parent?.label}: string }> }>('GET', '/${parent?.many}?limit=2', { cookie: admin })).body.items;
    [parentId, parentLabel, otherParentId] = [parents[0]!.id, parents[0]!.${parent?.label}, parents[1]?.id ?? parents[0]!.id];`)}${each(
      refs,
      (f) =>
        `\n    SECOND.${f.key} = (await api<{ items: Array<{ id: string }> }>('GET', '/${f.ref.many}?limit=1', { cookie: admin })).body.items[0]!.id;`,
      '',
    )}
  });

  describe('${many} API', () => {
${
  owned
    ? `    it('lets a user create, and edit and delete their own ${many} only; an admin moderates every one', async () => {
      expect((await api('GET', '/${many}')).status).toBe(401);
      const mine = await api<Item>('POST', ${NEW}, { cookie: user, body: { name: 'Mine ${One}'${requiredEntries} } });
      expect(mine.status).toBe(201);
      expect(mine.body.owner.name).toBe('User');
      const theirs = await api<Item>('POST', ${NEW}, { cookie: other, body: { name: 'Theirs ${One}'${requiredEntries} } });
      expect(theirs.status).toBe(201);

      // Another person's ${one}: refused by the middleware before the handler runs, and left as it was.
      const renamed = await api<ApiError>('PUT', \`/${many}/\${theirs.body.id}\`, { cookie: user, body: { name: 'Taken ${One}'${requiredEntries} } });
      expect(renamed.status).toBe(403);
      expect(renamed.body).toMatchObject({ code: 'FORBIDDEN', message: 'You are not allowed to access resource: ${one}' });
      expect((await api('DELETE', \`/${many}/\${theirs.body.id}\`, { cookie: user })).status).toBe(403);
      expect((await api<Item>('GET', \`/${many}/\${theirs.body.id}\`, { cookie: user })).body.name).toBe('Theirs ${One}');
      // In the caller's language: the test client's \`language\` sends it as that browser would.
      const inFrench = await api<ApiError>('DELETE', \`/${many}/\${theirs.body.id}\`, { cookie: user, language: 'fr' });
      expect(inFrench.status).toBe(403);
      expect(inFrench.body.message).not.toBe(renamed.body.message);

      // One that does not exist: 404, not 403.
      const missing = await api<ApiError>('PUT', '/${many}/no-such-${one}', { cookie: user, body: { name: 'Ghost ${One}'${requiredEntries} } });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('${One} not found');

      // Their own, and an admin on anyone's.
      expect((await api<Item>('PUT', \`/${many}/\${mine.body.id}\`, { cookie: user, body: { name: 'Mine Renamed ${One}'${requiredEntries} } })).status).toBe(200);
      expect((await api('DELETE', \`/${many}/\${mine.body.id}\`, { cookie: user })).status).toBe(200);
      expect((await api<Item>('PUT', \`/${many}/\${theirs.body.id}\`, { cookie: admin, body: { name: 'Moderated ${One}'${requiredEntries} } })).body.owner.id).toBe(theirs.body.owner.id);
      expect((await api('DELETE', \`/${many}/\${theirs.body.id}\`, { cookie: admin })).status).toBe(200);
    });
`
    : `    it('lets a user read and refuses them every write', async () => {
      expect((await api('GET', '/${many}')).status).toBe(401);
      expect((await api('GET', '/${many}', { cookie: user })).status).toBe(200);
      expect((await api('POST', ${NEW}, { cookie: user, body: { name: 'Nope'${requiredEntries} } })).status).toBe(403);
    });
`
}
    it('keeps every field through create, get, update and get, then deletes the ${one}', async () => {
      const created = await api<Item>('POST', ${NEW}, { cookie: admin, body: FIRST });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject(FIRST);${ifChild(`
      expect(created.body.${parent?.one}).toEqual({ id: parentId, ${parent?.label}: parentLabel });`)}
      const url = \`/${many}/\${created.body.id}\`;
      expect((await api<Item>('GET', url, { cookie: user })).body).toMatchObject(FIRST);
      const updated = await api<Item>('PUT', url, { cookie: admin, body: SECOND });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject(SECOND);${each(refs, (f) => `\n      expect(updated.body.${f.name}?.id).toBe(SECOND.${f.key});`, '')}
      expect((await api<Item>('GET', url, { cookie: user })).body).toMatchObject(SECOND);
      expect((await api('DELETE', url, { cookie: admin })).status).toBe(200);
      const gone = await api<ApiError>('GET', url, { cookie: user });
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe('${One} not found');
    });
${
  refusals.length
    ? `
    it.each([
${refusals.map(([title, body, status, data]) => `      { title: ${JSON.stringify(title)}, body: ${body}, status: ${status}, data: ${data === 'null' ? 'null' : `{ ${data} }`} },`).join('\n')}
    ])('refuses $title, naming the field', async ({ body, status, data }) => {
      const refused = await api<ApiError>('POST', ${NEW}, { cookie: admin, body });
      expect(refused.status).toBe(status);
      // The field and its message (\`data\` null: the field alone, in zod's own words).
      if (data) expect(refused.body.data).toMatchObject(data);
      else expect(Object.keys(refused.body.data?.fields ?? {})).toHaveLength(1);
    });
`
    : ''
}
    it('trims the name and finds the ${one} by it', async () => {
      const created = await api<Item>('POST', ${NEW}, { cookie: admin, body: { name: '  Quill ${One}  '${requiredEntries} } });
      expect(created.body.name).toBe('Quill ${One}');
      const found = await api<List>('GET', '/${many}?searchTerm=quill', { cookie: user });
      expect(found.body.items.map((i) => i.name)).toEqual(['Quill ${One}']);
      expect(found.body.total).toBe(1);
    });
${ifOwned(`
    it("finds ${many} by their owner's name too", async () => {
      // No ${one} here is named after the admin: every match is one the admin owns.
      expect((await api('POST', ${NEW}, { cookie: admin, body: { name: 'Beacon ${One}'${requiredEntries} } })).status).toBe(201);
      const found = await api<List>('GET', '/${many}?searchTerm=admin', { cookie: user });
      expect(found.body.items.map((i) => i.name)).toContain('Beacon ${One}');
      expect(new Set(found.body.items.map((i) => i.owner.name))).toEqual(new Set(['Admin']));
      expect(found.body.total).toBe(found.body.items.length);
    });
`)}${ifChild(`
    it("lists a ${parent?.one}'s ${many} under its path, and finds ${many} by the ${parent?.one}'s ${parent?.label}", async () => {
      const here = await api<Item>('POST', ${NEW}, { cookie: admin, body: { name: 'Harbour ${One}'${requiredEntries} } });
      expect(here.status).toBe(201);
      const elsewhere = \`/${parent?.many}/\${otherParentId}/${many}\`;
      expect((await api('POST', elsewhere, { cookie: admin, body: { name: 'Elsewhere ${One}'${requiredEntries} } })).status).toBe(201);

      const listed = await api<List>('GET', \`/${parent?.many}/\${parentId}/${many}\`, { cookie: user });
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((i) => i.name)).toContain('Harbour ${One}');
      expect(new Set(listed.body.items.map((i) => i.${parent?.one}.id))).toEqual(new Set([parentId]));
      // The search over the join: the ${parent?.one}'s ${parent?.label}, counted through the same join.
      const byParent = await api<List>('GET', \`/${many}?searchTerm=\${encodeURIComponent(parentLabel)}&limit=100\`, { cookie: user });
      expect(byParent.body.items.map((i) => i.name)).toContain('Harbour ${One}');
      expect(byParent.body.total).toBe(byParent.body.items.length);

      const missing = await api<ApiError>('GET', '/${parent?.many}/no-such-${parent?.one}/${many}', { cookie: user });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('${parent?.One} not found');
      const orphan = await api<ApiError>('POST', '/${parent?.many}/no-such-${parent?.one}/${many}', { cookie: admin, body: { name: 'Orphan ${One}'${requiredEntries} } });
      expect(orphan.status).toBe(404);
      expect(orphan.body).toMatchObject({ code: 'NOT_FOUND', message: '${parent?.One} not found', data: { field: '${parentKey}' } });
    });
`)}
    it('refuses a name already used${ifChild(` in the same ${parent?.one}`)}, whatever its case, with a 409 naming the field', async () => {
      expect((await api('POST', ${NEW}, { cookie: admin, body: { name: 'Orbit ${One}'${requiredEntries} } })).status).toBe(201);
      const again = await api<ApiError>('POST', ${NEW}, { cookie: admin, body: { name: 'ORBIT ${One}'${requiredEntries} } });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'CONFLICT', message: '${strings.field.nameTaken}', data: { field: 'name' } });
      const other = await api<Item>('POST', ${NEW}, { cookie: admin, body: { name: 'Other Orbit ${One}'${requiredEntries} } });
      const renamed = await api<ApiError>('PUT', \`/${many}/\${other.body.id}\`, { cookie: admin, body: { name: 'orbit ${One}'${requiredEntries} } });
      expect(renamed.status).toBe(409);
      expect(renamed.body.data?.field).toBe('name');
    });

    it('refuses an empty name and an unknown field with a 400 naming the field', async () => {
      const empty = await api<ApiError>('POST', ${NEW}, { cookie: admin, body: { name: ' '${requiredEntries} } });
      expect(empty.status).toBe(400);
      expect(empty.body.data?.fields?.name).toBe('Name is required');
      const unknown = await api<ApiError>('POST', ${NEW}, { cookie: admin, body: { name: 'X'${requiredEntries}, colour: 'red' } });
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
/** The steps that fill the fields a new row needs beside its name, in a browser. */
const e2eFill = each(
  required,
  (f) =>
    radios(f)
      ? `\n    await page.getByRole('radio', { name: '${f.max}', exact: true }).check();`
      : `\n    await page.getByLabel('${f.label}').fill('${f.max}');`,
  '',
);
/** Where a test starts a new row: the parent's page when the list is composed there (it links to the form). */
const e2eNew = (section) =>
  parent
    ? `const [${parent.one}] = (await (await page.request.get('/api/rpc/${parent.many}?limit=1')).json()).items as Array<{ id: string }>;
    ${
      composed.includes(section)
        ? `await page.goto(\`/${section}/${parent.many}/\${${parent.one}!.id}\`);
    await hydrated(page);
    await page.getByRole('link', { name: 'New ${one}' }).click();`
        : `await page.goto(\`/${section}/${many}/new?${parentKey}=\${${parent.one}!.id}\`);
    await hydrated(page);`
    }`
    : `await page.goto('/${section}/${many}');
    await hydrated(page);
    await page.getByRole('link', { name: 'New ${one}' }).click();`;
const e2eListed = (section, name) =>
  parent && composed.includes(section)
    ? `
    // Listed on the ${parent.one}'s page, where its route composes the list.
    await page.goto(\`/${section}/${parent.many}/\${${parent.one}!.id}\`);
    await expect(page.getByRole('link', { name: ${name} })).toBeVisible();
    await page.getByRole('link', { name: ${name} }).click();`
    : '';
create(
  `e2e/${many}.spec.ts`,
  `
import { expect, hydrated, test } from './support/fixtures';

test.describe('${many} (manager)', () => {
  test('an admin creates, renames and deletes a ${one}', async ({ adminPage: page }) => {
    // Names are unique: a run that stopped half-way leaves one behind.
    const run = Date.now();
    ${e2eNew('manager')}
    await page.getByLabel('Name').fill(\`Scaffolded ${One} \${run}\`);${e2eFill}
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: \`Scaffolded ${One} \${run}\` })).toBeVisible();
${e2eListed('manager', `\`Scaffolded ${One} \${run}\``)}
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
${ifOwned(`
  test('a user adds a ${one} in the app, edits and deletes it', async ({ userPage: page }) => {
    const run = Date.now();
    ${e2eNew('app')}
    await page.getByLabel('Name').fill(\`My ${One} \${run}\`);${e2eFill}
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: \`My ${One} \${run}\` })).toBeVisible();
${e2eListed('app', `\`My ${One} \${run}\``)}
    await page.getByRole('link', { name: 'Edit ${one}' }).click();
    await page.getByLabel('Name').fill(\`My Renamed ${One} \${run}\`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: \`My Renamed ${One} \${run}\` })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\\/app\\/${many}$/);
    await expect(page.getByText('${One} deleted')).toBeVisible();
  });
`)}});
`,
);

// 9. Checked, written at last, then the migration, the route tree and the formatting.
// The probe: the same scaffold for a name nothing in the tree has, run by the scaffold itself, writes its changes
// to the file named in SCAFFOLD_PROBE instead of the tree.
if (process.env.SCAFFOLD_PROBE) {
  writeFileSync(process.env.SCAFFOLD_PROBE, JSON.stringify([...changes]));
  process.exit(0);
}
const PROBE = { one: 'qqprobeone', many: 'qqprobemany' };
const probeDir = mkdtempSync(path.join(tmpdir(), 'scaffold-probe-'));
let probeChanges;
try {
  const probeFile = path.join(probeDir, 'changes.json');
  const probed = spawnSync(
    process.execPath,
    [
      import.meta.filename,
      PROBE.one,
      '--plural',
      PROBE.many,
      ...(owned ? ['--owned'] : []),
      ...(parent ? ['--parent', parent.one] : []),
      ...fieldSpecs.flatMap((spec) => ['--field', spec]),
    ],
    { cwd: root, env: { ...process.env, SCAFFOLD_PROBE: probeFile }, encoding: 'utf8' },
  );
  if (probed.status !== 0) throw new Error(`The scaffold's check of its names failed:\n${probed.stderr}`);
  probeChanges = JSON.parse(readFileSync(probeFile, 'utf8'));
} finally {
  rmSync(probeDir, { recursive: true, force: true });
}
// After the probe's folder is gone: a refusal exits at once.
refuseNameClashes(probeChanges);

/**
 * The names in a file's code, in their order, and what each refers to: the index of the name that declares it in
 * the nearest scope that declares one, or -1 (a global, a module's export read elsewhere). Properties
 * (`item.name`, `{ name: … }`, `<label>`) are no names here. Where the written code and the probe's differ, one
 * name means two things: the new resource's and one the file has already (a table imported where a local of that
 * name is read, `base` beside the API's `base`, a type `Header` in a page that shows `PageHeader`…), which tsc
 * or lint refuses. A name merely alike in another scope (seed.ts's parameter `publisher`) is no clash.
 */
function resolved(p, text) {
  const kind = p.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.m?js$/.test(p) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const nodes = [];
  const declared = new Map(); // scope node -> Map(name -> index of its first declaration)
  const scopeOf = (node) => {
    let up = node.parent;
    while (up && !isScope(up)) up = up.parent;
    return up;
  };
  const visit = (node) => {
    if (ts.isIdentifier(node) && !isPropertyName(node)) {
      const at = nodes.push(node) - 1;
      const declaration = declarationOf(node);
      if (declaration) {
        const scope = scopeOf(declaration);
        const inScope = declared.get(scope) ?? new Map();
        if (!inScope.has(node.text)) inScope.set(node.text, at);
        declared.set(scope, inScope);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(p, text, ts.ScriptTarget.Latest, true, kind));
  const meanings = nodes.map((node) => {
    for (let up = node.parent; up; up = up.parent) {
      const at = isScope(up) ? declared.get(up)?.get(node.text) : undefined;
      if (at !== undefined) return at;
    }
    return -1;
  });
  return { texts: nodes.map((node) => node.text), meanings };
}
function isScope(node) {
  return (
    ts.isSourceFile(node) ||
    ts.isBlock(node) ||
    ts.isModuleBlock(node) ||
    ts.isCaseBlock(node) ||
    ts.isCatchClause(node) ||
    ts.isForStatement(node) ||
    ts.isForInStatement(node) ||
    ts.isForOfStatement(node) ||
    ts.isFunctionLike(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isInterfaceDeclaration(node)
  );
}
/** The node that declares the name (its scope is the nearest around that node), or null for a name that is read. */
function declarationOf(node) {
  let up = node.parent;
  if (ts.isBindingElement(up)) {
    if (up.name !== node) return null;
    // A name in a destructuring pattern is declared by the variable or the parameter around the pattern.
    while (ts.isBindingElement(up) || ts.isObjectBindingPattern(up) || ts.isArrayBindingPattern(up)) up = up.parent;
    return up;
  }
  const declares =
    ts.isVariableDeclaration(up) ||
    ts.isParameter(up) ||
    ts.isImportClause(up) ||
    ts.isImportSpecifier(up) ||
    ts.isNamespaceImport(up) ||
    ts.isImportEqualsDeclaration(up) ||
    ts.isFunctionDeclaration(up) ||
    ts.isClassDeclaration(up) ||
    ts.isTypeAliasDeclaration(up) ||
    ts.isInterfaceDeclaration(up) ||
    ts.isEnumDeclaration(up) ||
    ts.isTypeParameterDeclaration(up);
  return declares && up.name === node ? up : null;
}
function isPropertyName(node) {
  const up = node.parent;
  if (ts.isPropertyAccessExpression(up) || ts.isMetaProperty(up)) return up.name === node;
  if (ts.isQualifiedName(up)) return up.right === node;
  if (ts.isImportSpecifier(up) || ts.isExportSpecifier(up) || ts.isBindingElement(up)) return up.propertyName === node;
  if (ts.isJsxOpeningElement(up) || ts.isJsxSelfClosingElement(up) || ts.isJsxClosingElement(up)) return /^[a-z]/.test(node.text);
  if (ts.isLabeledStatement(up) || ts.isBreakOrContinueStatement(up)) return up.label === node;
  return (
    (ts.isPropertyAssignment(up) ||
      ts.isPropertySignature(up) ||
      ts.isPropertyDeclaration(up) ||
      ts.isMethodDeclaration(up) ||
      ts.isMethodSignature(up) ||
      ts.isGetAccessor(up) ||
      ts.isSetAccessor(up) ||
      ts.isEnumMember(up) ||
      ts.isJsxAttribute(up)) &&
    up.name === node
  );
}
function refuseNameClashes(probeChanges) {
  const fromProbe = (text) => text.replaceAll(PROBE.many, many).replaceAll(PROBE.one, one);
  const real = [...changes];
  const clashes = [];
  const same = real.length === probeChanges.length && real.every(([p], i) => fromProbe(probeChanges[i][0]) === p);
  if (!same) clashes.push('it changes other files than a name nothing has would');
  for (const [i, [p, text]] of real.entries()) {
    if (!same || !/\.(tsx?|m?js)$/.test(p)) continue;
    const ours = resolved(p, text);
    const theirs = resolved(p, probeChanges[i][1]);
    if (ours.texts.length !== theirs.texts.length) {
      clashes.push(`the code it writes in ${p} reads differently with it`);
      continue;
    }
    const found = new Set();
    for (const [j, at] of ours.meanings.entries()) {
      const name = ours.texts[j];
      if (at === theirs.meanings[j] || found.has(name)) continue;
      found.add(name);
      // The probe's names at the clash (the name read, and what it meant in either run): the new resource's own.
      const involved = [j, theirs.meanings[j], at].map((k) => theirs.texts[k]?.toLowerCase() ?? '');
      const fromPlural = !involved.some((n) => n.includes(PROBE.one));
      clashes.push(`\`${name}\` (from the ${fromPlural ? 'plural' : 'name'}) would mean two things in ${p}`);
    }
  }
  if (clashes.length)
    refuse(
      `Cannot scaffold ${one} (plural ${many}): ${clashes.join('; ')}. ${
        clashes.every((c) => c.includes('(from the plural)'))
          ? 'Give another plural with --plural <word>, or choose another name'
          : 'Choose another name'
      }.`,
    );
}

const named = `singular ${one}, plural ${many} (${pluralName ? '--plural' : 'the rule; --plural <word> gives another'})`;
const hint = pluralName ? undefined : pluralHint(one);
if (dryRun) {
  console.log(`${One}: ${named}.${hint ? `\nCheck the plural: ${hint}.` : ''}
Would write:\n${written.map((p) => `  ${p}`).join('\n')}
  drizzle/*_${many}.sql (the migration), its snapshot in drizzle/meta/ and a line in _journal.json
  src/routeTree.gen.ts (regenerated)
Would edit:\n${edited.map((p) => `  ${p}`).join('\n')}
Nothing written (--dry-run).`);
  process.exit(0);
}
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
${One} scaffolded${fields.length ? ` with ${fields.map((f) => `${f.name} (${f.type})`).join(', ')}` : ''}: ${named}.${
  hint ? `\nCheck the plural: ${hint}. If ${many} is wrong, remove what was written and scaffold again with --plural <word>.` : ''
}
Written:\n${written.map((p) => `  ${p}`).join('\n')}
  drizzle/*_${many}.sql (the migration, applied at start-up), its snapshot in drizzle/meta/ and a line in _journal.json
  src/routeTree.gen.ts (regenerated)
Edited:\n${edited.map((p) => `  ${p}`).join('\n')}
${
  parent
    ? `
${One} belongs to a ${parent.one}: GET and POST /${parent.many}/{${parentKey}}/${many}, one ${one} at /${many}/{id}.${
        composed.length
          ? ` Its list shows on the ${parent.one}'s page in ${composed.map((s) => `/${s}`).join(' and ')}: the route composes it, the page takes children.`
          : ` No ${parent.one} page to show its list on was found: render ${Many}Of${parent.One} from the ${parent.one}'s route (docs/guides/adding-a-resource.md).`
      }
`
    : ''
}
Next:
  1. More fields: \`npm run scaffold -- --help\` lists the types it writes. By hand, one new field touches, in
     src/features/${many}/ unless named:
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
  3. ${owned ? 'Who may do what is written (src/lib/permissions.ts: users create and keep their own with update:own and delete:own, admins moderate with :any); the matrix (tests/permission-matrix.test.ts) checks both people. Change it there only if your rule differs.' : 'Adjust who may do what in src/lib/permissions.ts and tests/permission-matrix.test.ts (admins all, users read).'}
  4. npm test
`);
