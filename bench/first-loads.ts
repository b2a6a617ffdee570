/**
 * First loads only, on the small seed, in about a minute:
 * `npm run build && node --experimental-strip-types bench/first-loads.ts [--scripts]`.
 * The same measurement as `npm run bench` step 6 (JavaScript gzip, requests), without its large seed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstLoad, launchBrowser } from './lib/browser.ts';
import { startApp } from './lib/processes.ts';
import { signIn, startMailSink } from './lib/sign-in.ts';

const mail = await startMailSink();
const app = await startApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'first-loads-')), EMAIL_SERVER: mail.url });
const browser = await launchBrowser();
try {
  const user = await signIn(app.url, mail, 'user@example.com');
  const admin = await signIn(app.url, mail, 'admin@example.com');
  const pages: Array<[string, string | undefined, string?]> = [
    ['/login', undefined],
    ['/login', undefined, 'ar'],
    ['/app', user],
    ['/app/books', user],
    ['/manager/users', admin],
    ['/manager/books', admin],
    ['/manager/dashboard', admin],
  ];
  for (const [page, cookie, locale] of pages) {
    const load = await firstLoad(browser, app.url, page, cookie, locale);
    const fonts = `fonts ${(load.fontBytes / 1024).toFixed(1)} KB in ${load.fontRequests}`;
    console.log(
      `${page}${locale ? ` (${locale})` : ''}: ${(load.jsGzipBytes / 1024).toFixed(1)} KB gzip in ${load.jsRequests} requests; ${fonts}`,
    );
    if (process.argv.includes('--scripts')) {
      for (const s of load.scripts) console.log(`  ${(s.gzipBytes / 1024).toFixed(1)} KB ${s.path}`);
      for (const f of load.fonts) console.log(`  ${(f.bytes / 1024).toFixed(1)} KB ${f.path}`);
    }
  }
} finally {
  await browser.close();
  await app.stop();
  await mail.close();
}
