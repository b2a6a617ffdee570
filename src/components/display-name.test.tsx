import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#/lib/i18n/i18n';
import { DisplayName } from './display-name';

const render = (node: React.ReactNode) => renderToString(<I18nextProvider i18n={createI18n('en')}>{node}</I18nextProvider>);

describe('DisplayName', () => {
  it('shows the name, isolated', () => {
    expect(render(<DisplayName name="Ada Lovelace" fallback="ada@example.org" />)).toBe('<bdi>Ada Lovelace</bdi>');
  });

  it('without a name: the fallback (the e-mail) where given, else "Not available"', () => {
    expect(render(<DisplayName name="  " fallback="ada@example.org" />)).toBe('<bdi>ada@example.org</bdi>');
    expect(render(<DisplayName name={null} />)).toContain('>Not available</span>');
  });
});
