// Lighthouse's default (mobile) preset on Debian's Chromium; one run's score moved between 70 and 98,
// so the median of LIGHTHOUSE_RUNS (Lighthouse's `computeMedianRun`) gives the scores.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM, CHROMIUM_FLAGS } from './browser.ts';
import { ROOT } from './processes.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  scores: Record<Category, number>;
  failing: string[];
  /** In the order they ran (the median run's is `scores`). */
  performanceRuns: number[];
}

/** Five, as Lighthouse's documentation on variability advises. */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

export async function runLighthouse(
  url: string,
  reportName: string,
  cookie?: string,
  onRun?: (run: number, performance: number) => void,
): Promise<LighthouseRun> {
  const runs: Usable[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    runs.push(await usableRun(url, cookie));
    onRun?.(i + 1, scoresOf(runs.at(-1)!.lhr).performance);
  }
  const median = computeMedianRun(runs.map((r) => r.lhr));
  const { lhr, report } = runs.find((r) => r.lhr === median)!;
  const dir = path.join(ROOT, 'bench/report');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `lighthouse-${reportName}.html`), report);
  const failing = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => `${c}/${a.id}: ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}`),
  );
  return { scores: scoresOf(lhr), failing, performanceRuns: runs.map((r) => scoresOf(r.lhr).performance) };
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
interface Usable {
  lhr: Result['lhr'];
  report: string;
}

const scoresOf = (lhr: Result['lhr']) =>
  Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;

/** Lighthouse asks to be run again when its trace came out unusable (a `runtimeError` such as NO_NAVSTART). */
async function usableRun(url: string, cookie?: string): Promise<Usable> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, cookie);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      process.stderr.write(`Lighthouse attempt ${attempt} on ${url} failed (${error.message}); running it again\n`);
    }
  }
}

class LighthouseRuntimeError extends Error {
  override name = 'LighthouseRuntimeError';
}

async function runOnce(url: string, cookie?: string): Promise<Usable> {
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
    return { lhr, report: Array.isArray(report) ? report[0]! : report };
  } finally {
    chrome.kill();
  }
}
