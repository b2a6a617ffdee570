/**
 * Lighthouse (the npm package) with its default configuration, which is the mobile preset
 * (emulated phone, simulated slow 4G and 4× CPU slowdown), on Debian's Chromium in headless mode.
 * Offline-safe: it only loads the page under test. The HTML reports go to bench/report/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from './browser.ts';
import { ROOT } from './processes.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  scores: Record<Category, number>;
  /** Audits that lost points, for the report (id: score). */
  failing: string[];
}

/**
 * Lighthouse asks to be run again when its trace of the load came out unusable (a `runtimeError`
 * such as NO_NAVSTART, seen once in this project's runs): up to three attempts, each in a fresh
 * Chromium. Any other failure stops the bench at once.
 */
export async function runLighthouse(url: string, reportName: string, cookie?: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, reportName, cookie);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      process.stderr.write(`Lighthouse attempt ${attempt} on ${url} failed (${error.message}); running it again\n`);
    }
  }
}

class LighthouseRuntimeError extends Error {
  override name = 'LighthouseRuntimeError';
}

async function runLighthouseOnce(url: string, reportName: string, cookie?: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS.map((f) => (f === '--headless' ? '--headless=new' : f)),
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr, report } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${lhr.runtimeError.message} (${lhr.runtimeError.code})`);
    const dir = path.join(ROOT, 'bench/report');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `lighthouse-${reportName}.html`), Array.isArray(report) ? report[0]! : report);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<
      Category,
      number
    >;
    const failing = CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((a) => a.score !== null && a.score < 1)
        .map((a) => `${c}/${a.id}: ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}`),
    );
    return { scores, failing };
  } finally {
    chrome.kill();
  }
}
