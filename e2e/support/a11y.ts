/** Run through the DevTools protocol, so the page's CSP does not block axe-core. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Colours are the same in every language and text the same in both schemes: two runs cover all four pairs. */
export const SWEEP = [
  ['en', 'light'],
  ['ar', 'dark'],
] as const;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** An open modal layer hides the page behind it with `aria-hidden`: the page is checked closed, the layer (`within`) on its own. */
export async function seriousViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (within) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document | { include: string[][] },
            opts: object,
          ) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(within ? { include: [[within]] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  }, within);
}
