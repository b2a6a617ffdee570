import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#/lib/i18n/i18n';
import { DefaultNotFound } from './router-fallbacks';

const render = (node: React.ReactNode, lng = 'en') =>
  renderToString(<I18nextProvider i18n={createI18n(lng as 'en')}>{node}</I18nextProvider>);

// The default error view needs the router (Try Again, Back, Home): e2e/errors.spec.ts drives it.
describe("the router's own fallbacks", () => {
  it("says 'Not Found' for an unhandled not-found", () => {
    expect(render(<DefaultNotFound />)).toContain('Not Found');
  });
});
