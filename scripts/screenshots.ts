// `npm run screenshots`: every page in English light, dark and Arabic, at 1280×800 and 375×812, into
// `screenshots/` (about 250 pictures; it says how long it took). `npm run screenshots -- --only /app/account`
// takes the pages whose path or name is given (comma-separated, or `--only` again; `SCREENSHOTS_ONLY` too),
// and leaves the other pictures in the folder as they were.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, request as playwrightRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freePort, startApp } from '../e2e/support/app-server.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium.ts';
import { makeSamples, pagesToSweep, type Samples, type Visitor } from '../e2e/support/pages.ts';
import { startOidcProvider } from '../e2e/support/oidc-provider.ts';
import { startSmtpSink } from '../e2e/support/smtp-sink.ts';
import { secretOf, totpCode } from '../tests/support/totp.ts';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'screenshots');

function wantedNames(): Set<string> {
  const args = process.argv.slice(2);
  const given = [process.env.SCREENSHOTS_ONLY ?? ''];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--only') given.push(args[++i] ?? '');
    else if (args[i]!.startsWith('--only=')) given.push(args[i]!.slice('--only='.length));
    else {
      console.error(`Unknown argument ${args[i]}: npm run screenshots [-- --only /app/account,manager-users]`);
      process.exit(2);
    }
  }
  return new Set(
    given
      .flatMap((list) => list.split(','))
      .map((name) => name.trim())
      .filter(Boolean),
  );
}
const only = wantedNames();
/** A page asked for by its name (`app-account`), its path (`/app/account`) or its route (`/manager/users/$id`). */
const isWanted = (shot: Shot) =>
  only.size === 0 || only.has(shot.name) || only.has(shot.path.split('?')[0]!) || (shot.route !== undefined && only.has(shot.route));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const entry = path.join(root, 'dist/server/server.js');
  if (existsSync(entry) && statSync(entry).mtimeMs > newestSource(path.join(root, 'src'))) return;
  console.log('Building (the build is missing or older than src/)…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** `secondStep`: a person with an authenticator, past the e-mail code and asked for its code (/login/two-factor). */
type Who = Visitor | 'newcomer' | 'secondStep';
interface Shot {
  name: string;
  who: Who;
  path: string;
  route?: string;
  /** A state no URL names (a dialog open): done on the loaded page before the picture. */
  then?: (page: Page) => Promise<void>;
  /** A dialog is open: the picture is the window, not the page behind it. */
  dialog?: boolean;
  /** It writes (a passkey, an API key): taken after every other picture, so the audit log's sample shows none of it. */
  writes?: boolean;
}

/** Then the states no route names. */
function shots(samples: Samples): Shot[] {
  const pages: Shot[] = pagesToSweep(samples)
    // The bench's own page is a 404 outside a bench server (`npm run bench`): not a page people see.
    .filter(({ route }) => !route.startsWith('/bench/'))
    .map(({ route, path, who }) => ({
      name: route.slice(1).replaceAll('$', '').replaceAll('/', '-'),
      who,
      path,
      route,
    }));
  // The user page's other tabs.
  const userPage = pages.find((page) => page.name === 'manager-users-id');
  const tabs = userPage
    ? (['sessions', 'activity'] as const).map((tab) => ({
        ...userPage,
        name: `manager-users-id-${tab}`,
        path: `${userPage.path}?tab=${tab}`,
      }))
    : [];
  // The organisation page's other tabs (src/features/organizations/organizations.search.ts), and its key's activity.
  const organizationPage = pages.find((page) => page.name === 'app-organizations-slug');
  const organizationTabs = organizationPage
    ? (['members', 'invitations', 'teams', 'shelf', 'webhooks', 'settings'] as const).map((tab) => ({
        ...organizationPage,
        name: `app-organizations-slug-${tab}`,
        path: `${organizationPage.path}?tab=${tab}`,
      }))
    : [];
  const keyActivity: Shot[] = organizationPage
    ? [
        {
          ...organizationPage,
          name: 'app-organizations-slug-api-key-activity',
          path: `${organizationPage.path}?tab=settings`,
          dialog: true,
          // The key's first button, Activity, in any language.
          then: async (page: Page) => {
            await page.locator('section[aria-labelledby="organization-api-keys"] [data-testid="api-key"] button').first().click();
            await page.getByRole('dialog').waitFor();
          },
        },
      ]
    : [];
  const book = pages.find((page) => page.name === 'manager-books-id');
  // The user's account with a passkey (added once, through a virtual authenticator); the admin's
  // (manager-account) keeps the empty list.
  const account = pages.find((page) => page.name === 'app-account');
  if (account) Object.assign(account, { then: addPasskeyOnce, writes: true });
  const states: Shot[] = [
    { name: 'manager-users-empty', who: 'admin', path: '/manager/users?searchTerm=zz-nothing-matches' },
    { name: 'app-books-empty', who: 'user', path: '/app/books?searchTerm=zz-nothing-matches' },
    { name: 'app-account-change-email', who: 'user', path: '/app/account?newEmail=new.address%40example.com' },
    // Making an API key: the form, then its secret shown once (in any language: by position and type).
    { name: 'app-account-api-key-form', who: 'user', path: '/app/account', dialog: true, then: (page) => openApiKeyForm(page, false) },
    {
      name: 'app-account-api-key-secret',
      who: 'user',
      path: '/app/account',
      dialog: true,
      writes: true,
      then: (page) => openApiKeyForm(page, true),
    },
    ...(book
      ? [
          {
            ...book,
            name: 'manager-books-id-delete-dialog',
            dialog: true,
            // The danger zone's button, in any language.
            then: async (page: Page) => {
              await page.locator('section[aria-labelledby="danger-zone"] button').last().click();
              await page.getByRole('dialog').waitFor();
            },
          },
        ]
      : []),
  ];
  // Home with its "Continue": a book opened first (its cookie), then home again.
  const home = pages.find((page) => page.name === 'app');
  const aBook = pages.find((page) => page.name === 'app-books-id');
  if (home && aBook) {
    home.then = async (page) => {
      await page.goto(aBook.path, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 }).catch(() => {});
      await page.goto(home.path, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 }).catch(() => {});
    };
  }
  // The second step is shown to someone who has given the first factor, not to anyone.
  for (const page of pages) if (page.name === 'login-two-factor') page.who = 'secondStep';
  return [
    ...pages,
    ...tabs,
    ...organizationTabs,
    ...keyActivity,
    ...states,
    { name: 'onboarding', who: 'newcomer', path: '/app' },
    { name: 'app-404', who: 'user', path: '/app/no-such-page' },
    { name: 'app-403-manager', who: 'user', path: '/manager/dashboard' },
    { name: 'manager-404', who: 'admin', path: '/manager/no-such-page' },
    { name: 'root-404', who: 'anonymous', path: '/no-such-page' },
    { name: 'api-docs', who: 'admin', path: '/api/docs' },
  ];
}

async function openApiKeyForm(page: Page, submit: boolean) {
  await page.locator('section[aria-labelledby="api-keys"] > div:last-child > div > button').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="name"]').fill('Catalogue sync');
  await dialog.getByRole('checkbox').first().check();
  if (!submit) return;
  await dialog.locator('button[type="submit"]').click();
  await page.getByTestId('api-key-secret').waitFor();
}

async function addPasskeyOnce(page: Page) {
  if ((await page.getByTestId('passkey').count()) > 0) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await page.locator('section[aria-labelledby="passkeys"] button').last().click();
  await page.getByTestId('passkey').waitFor();
  // A new visit, at the top of the page (a reload would restore the scroll position).
  await page.goto(page.url(), { waitUntil: 'load' });
}

const COMBOS = [
  { name: 'en-light', language: 'en', theme: 'light' },
  { name: 'en-dark', language: 'en', theme: 'dark' },
  { name: 'ar-light', language: 'ar', theme: 'light' },
] as const;
const VIEWPORTS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '375', width: 375, height: 812 },
] as const;

async function main() {
  buildIfNeeded();
  const started = Date.now();
  const sink = await startSmtpSink();
  // Served at localhost (a passkey's relying party cannot be an IP address), with an OpenID
  // Connect provider configured, so the sign-in pages and the account show a provider.
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const oidc = await startOidcProvider(url);
  const app = await startApp({
    PORT: String(port),
    BASE_URL: url,
    EMAIL_SERVER: sink.url,
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_NAME: 'Acme SSO',
  });
  let browser: Browser | undefined;
  try {
    type State = Awaited<ReturnType<BrowserContext['storageState']>>;
    // Each sign-in from a network of its own: the code quota counts a /24 as one client (decision 078), and
    // the server trusts X-Forwarded-For from loopback.
    let networks = 0;
    const signIn = async (email: string): Promise<State> => {
      const api = await playwrightRequest.newContext({
        baseURL: url,
        extraHTTPHeaders: { 'X-Forwarded-For': `198.51.${++networks}.7` },
      });
      const since = Date.now();
      const headers = { Origin: url };
      const sent = await api.post('/api/auth/email-otp/send-verification-otp', { data: { email, type: 'sign-in' }, headers });
      if (!sent.ok()) throw new Error(`send code to ${email}: ${sent.status()}`);
      const otp = await sink.waitForCode(email, since);
      const done = await api.post('/api/auth/sign-in/email-otp', { data: { email, otp }, headers });
      if (!done.ok()) throw new Error(`sign in ${email}: ${done.status()}`);
      const state = await api.storageState();
      await api.dispose();
      return state;
    };
    const emails = { user: 'user@example.com', admin: 'admin@example.com', newcomer: 'newcomer@example.com' } as const;
    const states: Record<Exclude<Who, 'secondStep'>, State | undefined> = {
      anonymous: undefined,
      user: await signIn(emails.user),
      admin: await signIn(emails.admin),
      newcomer: await signIn(emails.newcomer),
    };
    // Accounts with an authenticator app, set up through the API as a person would on the account page: one for
    // each picture's context, as the step's cookie lasts minutes, not the run, and an address gets few codes.
    const secondSteps = ['Tess Quinn', 'Omar Haddad', 'Lena Fischer', 'Kofi Mensah', 'Ines Duarte', 'Ravi Menon'];
    let secondStep = 0;
    const atTheSecondStep = async (): Promise<State> => {
      const name = secondSteps[secondStep++ % secondSteps.length]!;
      const email = `${name.toLowerCase().replace(' ', '.')}${secondStep > secondSteps.length ? secondStep : ''}@example.com`;
      const manager = await playwrightRequest.newContext({ baseURL: url, storageState: states.admin });
      await manager.post('/api/rpc/users', { data: { name, email } });
      await manager.dispose();
      const api = await playwrightRequest.newContext({ baseURL: url, storageState: await signIn(email) });
      const started = await api.post('/api/auth/two-factor/enable', { data: {}, headers: { Origin: url } });
      const { totpURI } = (await started.json()) as { totpURI: string };
      const confirmed = await api.post('/api/auth/two-factor/verify-totp', {
        data: { code: totpCode(secretOf(totpURI)) },
        headers: { Origin: url },
      });
      if (!confirmed.ok()) throw new Error(`two-factor set-up: ${confirmed.status()}`);
      await api.dispose();
      // The first factor again: the answer is the step's cookie, and no session.
      return signIn(email);
    };
    const stateOf = (who: Who) => (who === 'secondStep' ? atTheSecondStep() : Promise.resolve(states[who]));

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    const admin = await playwrightRequest.newContext({ baseURL: url, storageState: states.admin });
    const user = await playwrightRequest.newContext({ baseURL: url, storageState: states.user });
    // Left in place: the database is thrown away with the server.
    const { samples } = await makeSamples(admin, user, url, true);
    await Promise.all([admin.dispose(), user.dispose()]);
    const wanted = shots(samples).filter(isWanted);
    if (wanted.length === 0) {
      console.error(`No page is named ${[...only].join(', ')}: give a path (/app/account) or a name (app-account).`);
      process.exitCode = 2;
      return;
    }
    // The whole set starts from an empty folder; one page replaces only its own pictures.
    if (only.size === 0) rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const total = wanted.length * COMBOS.length * VIEWPORTS.length;
    console.log(`${total} screenshots of ${wanted.length} pages (ready in ${Math.round((Date.now() - started) / 1000)} s)…`);
    let count = 0;
    for (const writes of [false, true]) {
      for (const combo of COMBOS) {
        for (const viewport of VIEWPORTS) {
          for (const who of ['anonymous', 'user', 'admin', 'newcomer', 'secondStep'] as const) {
            const mine = wanted.filter((s) => s.who === who && Boolean(s.writes) === writes);
            if (mine.length === 0) continue;
            const context = await browser.newContext({
              baseURL: url,
              // A write (a passkey, an API key) asks for a sign-in of the last ten minutes (decision 102): a fresh one.
              storageState: writes && who !== 'anonymous' && who !== 'secondStep' ? await signIn(emails[who]) : await stateOf(who),
              viewport: { width: viewport.width, height: viewport.height },
              colorScheme: combo.theme,
              locale: combo.language,
              reducedMotion: 'reduce',
            });
            await context.addCookies([{ name: 'i18next', value: combo.language, url: url }]);
            await context.addInitScript(
              ({ theme, language }) => {
                localStorage.setItem('theme', theme);
                localStorage.setItem('i18nextLng', language);
              },
              { theme: combo.theme, language: combo.language },
            );
            const page = await context.newPage();
            for (const shot of mine) {
              await capture(page, shot, path.join(out, `${shot.name}--${combo.name}--${viewport.name}.png`), viewport);
              count++;
            }
            await context.close();
          }
          console.log(`  ${combo.name} ${viewport.name}: ${count}/${total} (${Math.round((Date.now() - started) / 1000)} s)`);
        }
      }
    }
    console.log(`${count} screenshots in ${path.relative(process.cwd(), out) || out} (${Math.round((Date.now() - started) / 1000)} s)`);
    await readmeStrip();
  } finally {
    await browser?.close();
    await app.stop();
    await oidc.close();
    await sink.close();
  }
}

/** The README's strip (docs/screenshots/, committed): each picture's first window, at half its width. */
const STRIP = [
  ['manager-dashboard--en-light--1280', 'manager-dashboard-light.png'],
  ['app--en-dark--1280', 'app-home-dark.png'],
  ['app-books--ar-light--1280', 'app-books-arabic.png'],
  ['app-books-id--en-light--375', 'app-book-phone.png'],
] as const;

async function readmeStrip() {
  const sources = STRIP.map(([name]) => path.join(out, `${name}.png`));
  // A run of a few pages (`--only`) keeps the strip as it was.
  if (!sources.every((file) => existsSync(file))) return;
  const { default: sharp } = await import('sharp');
  const folder = path.join(root, 'docs', 'screenshots');
  mkdirSync(folder, { recursive: true });
  for (const [i, [, target]] of STRIP.entries()) {
    const phone = target.includes('phone');
    const { width = 0, height = 0 } = await sharp(sources[i]).metadata();
    const window = { left: 0, top: 0, width, height: Math.min(height, phone ? 812 : 800) };
    await sharp(sources[i])
      .extract(window)
      .resize({ width: Math.round(width / 2) })
      .png({ compressionLevel: 9, palette: true })
      .toFile(path.join(folder, target));
  }
  console.log(`the README's strip in ${path.relative(process.cwd(), folder)}`);
}

async function capture(page: Page, shot: Shot, file: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.goto(shot.path, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 }).catch(() => {});
  await page.waitForLoadState('networkidle').catch(() => {});
  if (shot.then) {
    await shot.then(page);
    await page.waitForLoadState('networkidle').catch(() => {});
  }
  // A sheet or a dialog that slides in (vaul's drawer moves whatever the motion setting): at rest.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, { timeout: 5_000 })
    .catch(() => {});
  // The fonts and a lazy chunk's first paint.
  await page.evaluate(() => document.fonts.ready);
  // The whole page in a window as tall as it is, rather than Playwright's full page: that one stitches
  // the page below an 800 px window, where what is as tall as the window (the sidebar's background)
  // ends at 800 px. A page that opens a dialog keeps the window's height.
  if (!shot.dialog) {
    for (let i = 0; i < 3; i++) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (height <= (page.viewportSize()?.height ?? 0)) break;
      await page.setViewportSize({ width: viewport.width, height });
    }
  }
  // At the top: a page that scrolls itself (to a field, to a section) is shown from its start.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file });
}

await main();
