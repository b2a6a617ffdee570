// Debian's Chromium, empty cache. Hydration time: an injected script records when the root's first
// effect sets `data-hydrated` on <html>.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../e2e/support/chromium.ts';

export { CHROMIUM, CHROMIUM_FLAGS };

export interface FirstLoad {
  jsRequests: number;
  /** Gzipped at level 9: comparable whatever the server sent. */
  jsGzipBytes: number;
  /** Brotli when the server chose it. */
  jsWireBytes: number;
  cssRequests: number;
  cssGzipBytes: number;
  /** Web fonts as sent (WOFF2 is compressed already): what the page's text cost on an empty cache. */
  fontRequests: number;
  fontBytes: number;
  fonts: Array<{ path: string; bytes: number }>;
  hydrationMs: number;
  /** Biggest first: what to look at when a budget fails. */
  scripts: Array<{ path: string; gzipBytes: number }>;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

function recordHydration() {
  const w = window as unknown as { __hydratedAt?: number };
  const check = () => {
    if (w.__hydratedAt === undefined && document.documentElement?.dataset.hydrated === 'true') w.__hydratedAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
}

export async function firstLoad(browser: Browser, baseUrl: string, path: string, cookie?: string, locale = 'en-US'): Promise<FirstLoad> {
  const context = await browser.newContext({ locale });
  try {
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const eq = pair.indexOf('=');
          return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: baseUrl };
        }),
      );
    }
    await context.addInitScript(recordHydration);
    const page = await context.newPage();
    type Transfer = { kind: 'js' | 'css' | 'font'; path: string; gzip: number; wire: number };
    const pending: Array<Promise<Transfer | undefined>> = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      const kind: Transfer['kind'] | undefined = type.includes('javascript')
        ? 'js'
        : type.includes('text/css')
          ? 'css'
          : type.startsWith('font/')
            ? 'font'
            : undefined;
      if (!kind) return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          const gzip = kind === 'font' ? body.length : gzipSync(body, { level: 9 }).length;
          return { kind, path: new URL(response.url()).pathname, gzip, wire: sizes.responseBodySize };
        })().catch(() => undefined),
      );
    });
    const res = await page.goto(baseUrl + path, { waitUntil: 'load' });
    if (!res?.ok()) throw new Error(`GET ${path}: ${res?.status()}`);
    const landed = new URL(page.url()).pathname;
    if (landed !== path) throw new Error(`GET ${path} ended on ${landed} (signed out?)`);
    await page.waitForFunction(() => (window as unknown as { __hydratedAt?: number }).__hydratedAt !== undefined, null, {
      timeout: 30_000,
    });
    // Whatever hydration itself fetches (lazy chunks, translations) is part of the first load.
    await page.waitForLoadState('networkidle');
    const hydrationMs = await page.evaluate(() => (window as unknown as { __hydratedAt: number }).__hydratedAt);
    const files = (await Promise.all(pending)).filter((f) => f !== undefined);
    const js = files.filter((f) => f.kind === 'js');
    const css = files.filter((f) => f.kind === 'css');
    const fonts = files.filter((f) => f.kind === 'font');
    const sum = (xs: Array<{ gzip: number }>) => xs.reduce((n, f) => n + f.gzip, 0);
    return {
      jsRequests: js.length,
      jsGzipBytes: sum(js),
      jsWireBytes: js.reduce((n, f) => n + f.wire, 0),
      cssRequests: css.length,
      cssGzipBytes: sum(css),
      fontRequests: fonts.length,
      fontBytes: sum(fonts),
      fonts: fonts.map((f) => ({ path: f.path, bytes: f.gzip })),
      hydrationMs,
      scripts: js.map((f) => ({ path: f.path, gzipBytes: f.gzip })).sort((a, b) => b.gzipBytes - a.gzipBytes),
    };
  } finally {
    await context.close();
  }
}
