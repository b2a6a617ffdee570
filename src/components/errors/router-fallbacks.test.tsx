import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#/lib/i18n/i18n';
import { DefaultCatchBoundary, DefaultNotFound } from './router-fallbacks';

const render = (node: React.ReactNode, lng = 'en') =>
  renderToString(<I18nextProvider i18n={createI18n(lng as 'en')}>{node}</I18nextProvider>);

describe("the router's own fallbacks", () => {
  it("says 'Not Found' for an unhandled not-found", () => {
    expect(render(<DefaultNotFound />)).toContain('Not Found');
  });

  it("says 'Something went wrong!' with a Show Error toggle, the error itself hidden at first", () => {
    const html = render(<DefaultCatchBoundary error={new Error('boom detail')} reset={() => {}} info={{ componentStack: '' }} />);
    expect(html).toContain('Something went wrong!');
    expect(html).toContain('Show Error');
    expect(html).not.toContain('boom detail');
  });
});
