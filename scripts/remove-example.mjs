// `npm run remove-example`: takes the books catalogue out (books, genres, covers, organisation shelves, the home
// page's new books, the dashboard's book figures, the book webhook events, their seed data, tests, bench parts and
// guide sections), writes the migration that drops their tables, and leaves a product to build on (decision 093,
// docs/guides/adding-a-resource.md). Three kinds of removal, all checked before anything is written:
// - the files and folders in EXAMPLE_PATHS (the catalogue's own: most of it);
// - the lines between `example:start` and `example:end` markers in shared files, each marker alone on its line as
//   the file's comment (`// example:start`, `{/* example:start */}`, `/* … */`, `# …`, `<!-- … -->`);
// - the translation keys in EXAMPLE_KEYS, in every language (JSON has no comments), and the shared strings in
//   EXAMPLE_TEXTS that name the example in passing, rewritten without it.
// An unbalanced marker, a listed file or key that is missing: it stops, naming it, with nothing written.
// scripts/check-remove-example.sh runs it in a copy of the repository in CI, so it stays true as the code grows.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const file = (p) => path.join(root, p);

function fail(message) {
  console.error(`remove-example: ${message}`);
  process.exit(1);
}

if (process.argv.slice(2).includes('--help')) {
  console.log('usage: npm run remove-example   (removes the books catalogue; see docs/decisions/093-removing-the-example.md)');
  process.exit(0);
}
if (process.argv.length > 2) fail(`no options are taken (${process.argv.slice(2).join(' ')})`);

/** What is the example's alone: removed whole. A folder ends with '/'. */
const EXAMPLE_PATHS = [
  'src/features/books/',
  'src/features/genres/',
  'src/routes/app/books/',
  'src/routes/manager/books/',
  'src/components/book-card.tsx',
  'src/components/book-cover.tsx',
  'src/components/book-cover.test.tsx',
  'src/features/organizations/organization-shelf.tsx',
  'src/locales/en/catalog.json',
  'src/locales/fr/catalog.json',
  'src/locales/ar/catalog.json',
  'src/locales/sw/catalog.json',
  'tests/support/books-api-suite.ts',
  // Tests of shared machinery that had the catalogue as their subject (decision 093).
  'src/server/db/list.test.ts',
  'src/server/db/replicas.test.ts',
  'src/server/db/upgrade.test.ts',
  // The MCP server's tests call the catalogue's tools; the server itself stays (src/server/mcp/).
  'tests/support/mcp-api-suite.ts',
  'src/server/mcp/mcp.api.test.ts',
  'src/server/mcp/mcp.api.pg.test.ts',
  'src/server/mcp/mcp-demo.api.test.ts',
  'src/server/mcp/mcp-demo.api.pg.test.ts',
  'tests/support/mcp-oauth-api-suite.ts',
  'tests/support/mcp-oauth-client.ts',
  'src/server/mcp/mcp-oauth.api.test.ts',
  'src/server/mcp/mcp-oauth.api.pg.test.ts',
  'e2e/connected-apps.spec.ts',
  'bench/search-words.ts',
  'e2e/catalog.spec.ts',
  'e2e/home.spec.ts',
  'scripts/check-remove-example.sh',
];

/** Translation keys of the example in shared namespaces (dotted paths), removed from every language. */
const EXAMPLE_KEYS = {
  common: [
    'nav.books',
    'home.continue',
    'home.newBooks',
    'home.viewAllBooks',
    'home.noBooks',
    'home.shelf',
    'home.shelfOf',
    'home.openShelf',
    'home.shelfEmpty',
    'palette.books',
    'palette.newBook',
  ],
  audit: ['targetTypes.book', 'targetTypes.genre', 'actions.book', 'actions.genre', 'actions.shelf'],
  webhooks: ['events.book'],
  images: ['cover'],
  organizations: ['tabs.shelf', 'shelf'],
  users: ['dashboard.books', 'dashboard.genres', 'dashboard.newestBooks', 'dashboard.genresFooter'],
  account: ['apiKeys.resources.book', 'apiKeys.resources.genre', 'apiKeys.resources.shelf'],
  tables: ['filters.genre'],
};
const LANGUAGES = ['en', 'fr', 'ar', 'sw'];

/** Shared strings that name the example in passing: what they say once it is gone, in every language. */
const EXAMPLE_TEXTS = {
  common: {
    'palette.title': {
      en: 'Go to a page or a user',
      fr: 'Aller à une page ou un utilisateur',
      ar: 'انتقل إلى صفحة أو مستخدم',
      sw: 'Nenda kwa ukurasa au mtumiaji',
    },
    'palette.placeholder': {
      en: 'Type a page, a name or an e-mail…',
      fr: 'Tapez une page, un nom ou une adresse e-mail…',
      ar: 'اكتب اسم صفحة أو اسمًا أو بريدًا إلكترونيًا…',
      sw: 'Andika ukurasa, jina au barua pepe…',
    },
  },
  organizations: {
    'members.removeBody': {
      en: '{{name}} loses access to this organisation.',
      fr: "{{name}} perd l'accès à cette organisation.",
      ar: 'سيفقد {{name}} الوصول إلى هذه المنظمة.',
      sw: '{{name}} atapoteza ufikiaji wa shirika hili.',
    },
    'members.leaveBody': {
      en: 'You lose access to this organisation.',
      fr: "Vous perdez l'accès à cette organisation.",
      ar: 'ستفقد الوصول إلى هذه المنظمة.',
      sw: 'Utapoteza ufikiaji wa shirika hili.',
    },
    'settings.deleteBody': {
      en: 'Deleting {{name}} removes its members, teams and invitations. This cannot be undone.',
      fr: "Supprimer {{name}} retire ses membres, équipes et invitations. C'est définitif.",
      ar: 'حذف {{name}} يزيل أعضاءها وفرقها ودعواتها. لا يمكن التراجع عن ذلك.',
      sw: 'Kufuta {{name}} kunaondoa wanachama, timu na mialiko yake. Haiwezi kutenduliwa.',
    },
    'manager.deleteBody': {
      en: 'Its members, teams and invitations are removed. This cannot be undone.',
      fr: "Ses membres, équipes et invitations sont supprimés. C'est définitif.",
      ar: 'ستُزال أعضاؤها وفرقها ودعواتها. لا يمكن التراجع عن ذلك.',
      sw: 'Wanachama, timu na mialiko yake vitaondolewa. Haiwezi kutenduliwa.',
    },
    'empty.description': {
      en: 'You are not a member of any organisation. Create one to work with the people you invite.',
      fr: "Vous n'êtes membre d'aucune organisation. Créez-en une pour travailler avec les personnes que vous invitez.",
      ar: 'لست عضوًا في أي منظمة. أنشئ منظمة لتعمل مع الأشخاص الذين تدعوهم.',
      sw: 'Wewe si mwanachama wa shirika lolote. Unda moja ili kufanya kazi na watu unaowaalika.',
    },
  },
  account: {
    'yourData.description': {
      en: 'One JSON file of everything the application holds about you: your profile, sign-in methods, sessions, organisations and teams, invitations sent to your email address and your security activity. Session tokens are shortened, and no secret is included.',
      fr: 'Un fichier JSON avec tout ce que l’application conserve à votre sujet : votre profil, vos méthodes de connexion, vos sessions, vos organisations et équipes, les invitations envoyées à votre adresse e-mail et votre activité de sécurité. Les jetons de session sont raccourcis et aucun secret n’y figure.',
      ar: 'ملف JSON واحد يضم كل ما يحتفظ به التطبيق عنك: ملفك الشخصي، وطرق تسجيل الدخول، والجلسات، والمنظمات والفرق، والدعوات المرسلة إلى بريدك الإلكتروني، ونشاط الأمان. رموز الجلسات مختصرة، ولا يتضمن أي سر.',
      sw: 'Faili moja la JSON lenye kila kitu ambacho programu inahifadhi kukuhusu: wasifu wako, njia za kuingia, vipindi, mashirika na timu, mialiko iliyotumwa kwa barua pepe yako na shughuli zako za usalama. Tokeni za vipindi zimefupishwa, na hakuna siri iliyojumuishwa.',
    },
  },
  users: {
    'dashboard.growthTitle': { en: 'Sign-ups', fr: 'Inscriptions', ar: 'التسجيلات', sw: 'Usajili' },
    'form.roleHelp': {
      en: 'Administrators can manage users; users manage their account.',
      fr: 'Les administrateurs gèrent les utilisateurs ; les utilisateurs gèrent leur compte.',
      ar: 'يدير المسؤولون المستخدمين؛ ويدير المستخدمون حساباتهم.',
      sw: 'Wasimamizi husimamia watumiaji; watumiaji husimamia akaunti zao.',
    },
  },
  audit: {
    'filters.targetIdHint': {
      en: 'ID of a user, organisation…',
      fr: "Id d'un utilisateur, d'une organisation…",
      ar: 'معرّف مستخدم أو مؤسسة…',
      sw: 'Kitambulisho cha mtumiaji, shirika…',
    },
  },
};

// Once only: the catalogue's folder is the sign that the example is still there.
if (!existsSync(file('src/features/books'))) {
  fail('the example is removed already (src/features/books is gone): there is nothing to remove.');
}

const problems = [];
for (const p of EXAMPLE_PATHS) {
  const there = existsSync(file(p)) && statSync(file(p)).isDirectory() === p.endsWith('/');
  if (!there) problems.push(`${p}: expected ${p.endsWith('/') ? 'a folder' : 'a file'}, not found`);
}

// The markers, in every text file of the tree but the generated and the installed.
const SKIP = new Set(['node_modules', '.git', 'dist', '.data', 'drizzle', 'test-results', 'playwright-report', 'coverage']);
const TEXT = /\.(ts|tsx|mjs|js|cjs|css|md|sh|ya?ml|jsonc)$|^run$|^Dockerfile$/;
const MARKER = /^\s*(?:\/\/|\{\/\*|\/\*|#|<!--)\s*example:(start|end)\b/;
const self = path.relative(root, import.meta.filename);
function* walk(dir) {
  for (const entry of readdirSync(file(dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const p = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(p);
    else if (entry.isFile() && TEXT.test(entry.name) && p !== self) yield p;
  }
}
const removed = (p) => EXAMPLE_PATHS.some((e) => (e.endsWith('/') ? p.startsWith(e) : p === e));

const changes = new Map();
for (const p of walk('')) {
  if (removed(p)) continue;
  const source = readFileSync(file(p), 'utf8');
  if (!source.includes('example:')) continue;
  const lines = source.split('\n');
  const kept = [];
  let open = 0; // the line a block opened at, 1-based; 0 outside one
  let found = false;
  lines.forEach((line, i) => {
    const marker = MARKER.exec(line)?.[1];
    if (marker === 'start') {
      if (open) problems.push(`${p}:${i + 1}: example:start inside the block opened at line ${open}`);
      open = i + 1;
      found = true;
    } else if (marker === 'end') {
      if (!open) problems.push(`${p}:${i + 1}: example:end with no example:start before it`);
      open = 0;
    } else if (!open) kept.push(line);
  });
  if (open) problems.push(`${p}:${open}: example:start with no example:end after it`);
  if (found) changes.set(p, kept.join('\n'));
}

// The keys and the strings, in every language.
for (const namespace of new Set([...Object.keys(EXAMPLE_KEYS), ...Object.keys(EXAMPLE_TEXTS)])) {
  const keys = EXAMPLE_KEYS[namespace] ?? [];
  for (const lng of LANGUAGES) {
    const p = `src/locales/${lng}/${namespace}.json`;
    if (!existsSync(file(p))) {
      problems.push(`${p}: not found`);
      continue;
    }
    const data = JSON.parse(readFileSync(file(p), 'utf8'));
    for (const key of keys) {
      const parts = key.split('.');
      const parent = parts.slice(0, -1).reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), data);
      const last = parts.at(-1);
      if (!parent || typeof parent !== 'object' || !(last in parent)) problems.push(`${p}: no key ${key}`);
      else Reflect.deleteProperty(parent, last);
    }
    for (const [key, text] of Object.entries(EXAMPLE_TEXTS[namespace] ?? {})) {
      const parts = key.split('.');
      const parent = parts.slice(0, -1).reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), data);
      if (!parent || typeof parent[parts.at(-1)] !== 'string') problems.push(`${p}: no string ${key}`);
      else parent[parts.at(-1)] = text[lng];
    }
    changes.set(p, `${JSON.stringify(data, null, 2)}\n`);
  }
}

if (problems.length) {
  fail(`nothing was removed; fix these first (decision 093 says how the example is marked):\n  ${problems.join('\n  ')}`);
}

// Nothing was refused: write.
for (const p of EXAMPLE_PATHS) rmSync(file(p), { recursive: true });
for (const [p, text] of changes) writeFileSync(file(p), text);
console.log(`Removed ${EXAMPLE_PATHS.length} files and folders; took the example out of ${changes.size} shared files.`);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail(`${[command, ...args].join(' ')} failed (the files are removed: finish by hand, or restore them with git)`);
}
const bin = (name) => file(`node_modules/.bin/${name}`);
// A list that lost its last long item may fit on one line now: formatted as the house style has it.
run(bin('prettier'), ['--write', '--ignore-unknown', '--log-level=warn', ...changes.keys()]);
// The route tree without the catalogue's pages, then the migration that drops its tables.
run(process.execPath, ['scripts/generate-routes.mjs']);
run(process.execPath, ['scripts/db-generate.mjs', '--name=remove_example']);
console.log(`The example is removed. Next: npm run typecheck && npm run lint && npm run test:unit; then start your own
resource with npm run scaffold -- <name> (docs/guides/adding-a-resource.md).`);
