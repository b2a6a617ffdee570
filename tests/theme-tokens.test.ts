// eslint.config.js keeps palette colours out of components: a re-brand edits src/styles.css only.
import { describe, expect, it } from 'vitest';
import { lint } from './support/lint.ts';

describe('theme tokens (eslint.config.js)', () => {
  it('refuses a palette colour in a class, with or without variants, in a string or a template', async () => {
    const source = [
      "export const a = 'rounded border-neutral-200 p-2';",
      "export const b = 'p-2 dark:hover:bg-red-950/40';",
      'export const c = (x: string) => `flex ${x} text-emerald-800`;',
      "export const d = 'data-[active]:bg-sky-100';",
      '',
    ].join('\n');
    const messages = await lint('src/components/synthetic.tsx', source);
    expect(messages).toEqual([
      "local/theme-tokens: 'border-neutral-200' is a palette colour: use a theme token (src/styles.css).",
      "local/theme-tokens: 'dark:hover:bg-red-950/40' is a palette colour: use a theme token (src/styles.css).",
      "local/theme-tokens: 'text-emerald-800' is a palette colour: use a theme token (src/styles.css).",
      "local/theme-tokens: 'data-[active]:bg-sky-100' is a palette colour: use a theme token (src/styles.css).",
    ]);
  });

  it('lets tokens, black and white overlays and colour words through', async () => {
    const source = [
      "export const a = 'border bg-card text-muted-foreground hover:bg-accent ring-ring bg-black/50 text-white';",
      "export const b = 'Rose, amber and sky-blue covers';",
      '',
    ].join('\n');
    expect(await lint('src/features/books/synthetic.tsx', source)).toEqual([]);
  });
});
