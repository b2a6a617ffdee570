#!/usr/bin/env node
// `npm run rebrand -- --name Shelfie --color "oklch(0.6 0.1 185)"`: the product's identity in one command
// (docs/guides/theming.md). Rewrites src/lib/identity.ts, the brand tokens in src/styles.css (with a text
// colour on the brand, and brand-coloured text, at 4.5:1 in both themes), the image's labels in the
// Dockerfile, compose.yaml's names and package.json's name; with no option, writes the current identity into
// them again. Removes dist/, so that the next build or start makes the icons and the
// manifest again. A bad value is refused in one line, before anything is written.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { identity as current, slugOf } from '../src/lib/identity.ts';
import { z } from '../src/lib/zod.ts';
import { AA, foregroundOn, formatOklch, parseColor, textOn, toHex, type Oklch } from './brand-colors.ts';

const root = path.resolve(import.meta.dirname, '..');
const file = (name: string) => path.join(root, name);
const STARTER_DOCS = 'https://github.com/springboard-starter/springboard#readme';
const STARTER_DESCRIPTION = 'Full-stack TypeScript + React starter: passwordless sign-in, books catalogue, admin manager.';
/** The starter's own name, which upstream's files say (compose.yaml after a merge took their side). */
const STARTER_NAME = 'Springboard';

function refuse(message: string): never {
  console.error(`rebrand: ${message}`);
  process.exit(1);
}

const USAGE =
  'usage: npm run rebrand -- --name <name> [--short-name <name>] [--description <text>] [--contact <e-mail>] [--docs-url <url>] [--color <css colour>] [--dark-color <css colour>]';

const OPTIONS = {
  name: { type: 'string' },
  'short-name': { type: 'string' },
  description: { type: 'string' },
  contact: { type: 'string' },
  'docs-url': { type: 'string' },
  color: { type: 'string' },
  'dark-color': { type: 'string' },
  help: { type: 'boolean' },
} as const;
let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>['values'];
try {
  ({ values } = parseArgs({ options: OPTIONS, strict: true }));
} catch (error) {
  refuse(`${(error as Error).message.split('\n')[0]} (${USAGE})`);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
// With no option, the identity as src/lib/identity.ts has it is written again into what derives from it: after a
// merge that took upstream's side of src/styles.css, the Dockerfile or compose.yaml (docs/guides/keeping-your-fork-current.md).
const reapply = !Object.values(values).some((v) => v !== undefined);

// Every value is checked before anything is written.
const text = (option: string, value: string | undefined, fallback: string) => {
  if (value === undefined) return fallback;
  const trimmed = value.trim();
  if (!trimmed) refuse(`--${option} must not be empty`);
  if (/[\p{Cc}]/u.test(trimmed)) refuse(`--${option} must be one line of text`);
  return trimmed;
};
const name = text('name', values.name, current.name);
const shortName = text('short-name', values['short-name'], values.name !== undefined ? name : current.shortName);
const description = text('description', values.description, current.description);
const contactEmail = text('contact', values.contact, current.contactEmail);
if (!z.email().safeParse(contactEmail).success)
  refuse(`--contact must be an e-mail address, like contact@example.com (got "${contactEmail}")`);
const renamed = name !== current.name;
// A new product whose demo dialog still linked to the starter's README would be a silent miss.
const docsUrl = text(
  'docs-url',
  values['docs-url'],
  renamed && current.docsUrl === STARTER_DOCS ? 'https://example.com/docs' : current.docsUrl,
);
if (!URL.canParse(docsUrl) || !['http:', 'https:'].includes(new URL(docsUrl).protocol))
  refuse(`--docs-url must be an http or https URL (got "${docsUrl}")`);

const colour = (option: string, value: string | undefined, fallback: string): Oklch => {
  const parsed = parseColor(value ?? fallback);
  if (!parsed) refuse(`--${option} must be an opaque CSS colour, like "oklch(0.6 0.1 185)" or "#1b9388" (got "${value}")`);
  return parsed;
};
const light = colour('color', values.color, current.brand.light.color);
const dark = colour('dark-color', values['dark-color'] ?? values.color, current.brand.dark.color);

// The tokens, computed before any file is touched.
const styles = readFileSync(file('src/styles.css'), 'utf8');
const block = (selector: string, source = styles) => {
  const start = source.indexOf(`\n${selector} {`);
  const end = source.indexOf('\n}', start);
  if (start < 0 || end < 0) refuse(`src/styles.css has no "${selector} { … }" block`);
  return { start, end, body: source.slice(start, end) };
};
const token = (body: string, name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(body)?.[1]?.trim();

function theme(selector: string, brand: Oklch) {
  const { body } = block(selector);
  const background = token(body, 'background');
  if (!background) refuse(`src/styles.css's "${selector}" block has no --background`);
  const color = formatOklch(brand);
  const foreground = foregroundOn(color);
  // The tint the accent badges and the sidebar's current item put under brand text (src/components/ui/badge.tsx).
  const surfaces = ['card', 'popover', 'sidebar', 'muted'].map((name) => token(body, name)).filter((v): v is string => Boolean(v));
  const brandText = textOn(brand, background, selector === ':root' ? 0.1 : 0.25, surfaces);
  return {
    selector,
    color,
    hex: toHex(color),
    foreground,
    brandText,
    tokens: {
      brand: color,
      'brand-foreground': foreground.color,
      'brand-text': brandText.color,
      // A focus ring and the first chart colour read on the page like brand-coloured text.
      ring: brandText.color,
      'chart-1': selector === ':root' ? color : brandText.color,
      'sidebar-accent': formatOklch(brand, selector === ':root' ? '10%' : '25%'),
    } as Record<string, string>,
  };
}
const themes = { light: theme(':root', light), dark: theme('.dark', dark) };

const changes: string[] = [];
const writes: Array<[string, string]> = [];

let css = styles;
for (const t of [themes.light, themes.dark]) {
  const { start, end, body } = block(t.selector, css);
  let next = body;
  for (const [name, value] of Object.entries(t.tokens)) {
    const before = token(next, name);
    if (before === undefined) refuse(`src/styles.css's "${t.selector}" block has no --${name}`);
    if (before !== value) changes.push(`src/styles.css ${t.selector} --${name}: ${before} → ${value}`);
    next = next.replace(new RegExp(`(--${name}:\\s*)[^;]+;`), `$1${value};`);
  }
  css = css.slice(0, start) + next + css.slice(end);
}
writes.push(['src/styles.css', css]);

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const brandEntry = (t: (typeof themes)['light']) =>
  `{ color: ${quote(t.color)}, hex: ${quote(t.hex)}, foreground: ${quote(t.foreground.color)}, foregroundHex: ${quote(toHex(t.foreground.color))} }`;
const next = {
  name,
  shortName,
  description,
  contactEmail,
  docsUrl,
  light: brandEntry(themes.light),
  dark: brandEntry(themes.dark),
};
const identitySource = readFileSync(file('src/lib/identity.ts'), 'utf8');
const literal = /export const identity: Identity = \{[\s\S]*?\n\};/;
if (!literal.test(identitySource)) refuse('src/lib/identity.ts has no `export const identity: Identity = { … };`');
const identityText = identitySource.replace(
  literal,
  `export const identity: Identity = {
  name: ${quote(name)},
  shortName: ${quote(shortName)},
  description: ${quote(description)},
  /** Where people write to (the demo dialog's address unless DEMO_CONTACT_EMAIL is set). */
  contactEmail: ${quote(contactEmail)},
  /** The documentation's address (the demo dialog's link unless DOCS_URL is set). */
  docsUrl: ${quote(docsUrl)},
  /** \`--brand\` and \`--brand-foreground\` in each theme, and their sRGB hex for what cannot read oklch (icons, e-mail, the manifest). */
  brand: {
    light: ${next.light},
    dark: ${next.dark},
  },
};`,
);
const was = {
  name: current.name,
  shortName: current.shortName,
  description: current.description,
  contactEmail: current.contactEmail,
  docsUrl: current.docsUrl,
};
for (const key of ['name', 'shortName', 'description', 'contactEmail', 'docsUrl'] as const) {
  if (was[key] !== next[key]) changes.push(`src/lib/identity.ts ${key}: ${was[key]} → ${next[key]}`);
}
if (current.brand.light.color !== themes.light.color)
  changes.push(`src/lib/identity.ts brand.light: ${current.brand.light.color} → ${themes.light.color} (${themes.light.hex})`);
if (current.brand.dark.color !== themes.dark.color)
  changes.push(`src/lib/identity.ts brand.dark: ${current.brand.dark.color} → ${themes.dark.color} (${themes.dark.hex})`);
writes.push(['src/lib/identity.ts', identityText]);

const dockerQuote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\$/g, '\\$')}"`;
let dockerfile = readFileSync(file('Dockerfile'), 'utf8');
for (const [arg, value] of [
  ['APP_NAME', name],
  ['APP_DESCRIPTION', description],
  ['APP_DOCS_URL', docsUrl],
] as const) {
  const line = new RegExp(`^ARG ${arg}=.*$`, 'm');
  if (!line.test(dockerfile)) refuse(`the Dockerfile has no "ARG ${arg}=…" line`);
  dockerfile = dockerfile.replace(line, () => `ARG ${arg}=${dockerQuote(value)}`);
}
if (dockerfile !== readFileSync(file('Dockerfile'), 'utf8'))
  changes.push("Dockerfile: the image's name, description and documentation labels");
writes.push(['Dockerfile', dockerfile]);

// package.json's name is the product's too (npm, the lockfile, a container registry).
const slug = slugOf(name);
const pkg = JSON.parse(readFileSync(file('package.json'), 'utf8')) as Record<string, unknown>;
const lock = JSON.parse(readFileSync(file('package-lock.json'), 'utf8')) as { name: string; packages: Record<string, { name?: string }> };
if (pkg.name !== slug || pkg.description !== description) {
  if (pkg.name !== slug) changes.push(`package.json name: ${String(pkg.name)} → ${slug}`);
  if (pkg.description !== description) changes.push(`package.json description → ${description}`);
  pkg.name = slug;
  pkg.description = description;
  lock.name = slug;
  if (lock.packages['']) lock.packages[''].name = slug;
  writes.push(['package.json', `${JSON.stringify(pkg, null, 2)}\n`]);
  writes.push(['package-lock.json', `${JSON.stringify(lock, null, 2)}\n`]);
}

// The compose stack's names (project, image, database, bucket, the sender's name and domain) are the product's.
if (existsSync(file('compose.yaml'))) {
  const compose = readFileSync(file('compose.yaml'), 'utf8');
  const oldSlug = slugOf(current.name);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The current name, and the starter's: after a merge took upstream's compose.yaml, it says Springboard again.
  let renamed = compose;
  for (const [from, to] of [
    [current.name, name],
    [STARTER_NAME, name],
    [oldSlug, slug],
    [slugOf(STARTER_NAME), slug],
  ] satisfies Array<[string, string]>) {
    renamed = renamed.replace(new RegExp(`\\b${escape(from)}\\b`, 'g'), () => to);
  }
  if (renamed !== compose) {
    changes.push(`compose.yaml: the project, image, database, bucket and sender say ${slug}`);
    writes.push(['compose.yaml', renamed]);
  }
}

// Written last, all together, each formatted as `npm run lint` checks it.
for (const [name, source] of writes) {
  const target = file(name);
  const options = await prettier.resolveConfig(target);
  const formatted =
    /\.(ts|css|json)$/.test(name) && name !== 'package-lock.json'
      ? await prettier.format(source, { ...options, filepath: target })
      : source;
  if (formatted !== readFileSync(target, 'utf8')) writeFileSync(target, formatted);
}
if (existsSync(file('dist'))) {
  rmSync(file('dist'), { recursive: true, force: true });
  changes.push('dist/ removed: the next build (npm run build, npm start) makes the icons and the manifest from the new identity');
}

const ratio = (n: number) => `${n.toFixed(2)}:1`;
if (reapply) console.log(`  the identity of src/lib/identity.ts (${current.name}) written again into what derives from it`);
console.log(changes.length ? changes.map((line) => `  ${line}`).join('\n') : '  nothing changed: the identity already says so');
for (const [label, t] of Object.entries(themes)) {
  const on = t.foreground.color === 'oklch(0.985 0 0)' || t.foreground.color === 'oklch(1 0 0)' ? 'light' : 'dark';
  console.log(
    `  ${label} theme: text on the brand is ${on} ${t.foreground.color} (${ratio(t.foreground.ratio)}), brand-coloured text ${t.brandText.color} (${ratio(t.brandText.ratio)} on the page, its surfaces and the brand's tint, at worst); AA asks ${AA}:1`,
  );
}
console.log(
  '  icons (favicon.svg, favicon.ico, icon-192/512, maskable, apple-touch-icon) and manifest.webmanifest: made from src/lib/identity.ts at build',
);
if (renamed && values['docs-url'] === undefined && docsUrl === 'https://example.com/docs')
  console.log('  docsUrl is a placeholder (it was the starter\u2019s README): pass --docs-url, or set DOCS_URL');
// The manifest, the API reference and package.json carry it: a new name with the starter's sentence is a silent miss.
if (renamed && values.description === undefined && description === STARTER_DESCRIPTION)
  console.log(`  description is still the starter's ("${description}"): pass --description`);
// What describes the product to its developers stays the starter's own words until the team writes its own: said,
// not rewritten (a README is prose, and a name search-and-replaced into it would say untrue things).
if (renamed)
  console.log(
    `  README.md, docs/product.md and the guides still describe ${STARTER_NAME}, the starter: rewrite them for ${name} (docs/guides/theming.md)`,
  );
