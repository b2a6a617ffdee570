import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createI18n, languageI18n } from '#/lib/i18n/i18n';
import { isolatedSentence } from './isolated-sentence';

const render = (node: React.ReactNode) => renderToString(<>{node}</>);

describe('isolatedSentence', () => {
  it("puts each of a person's words in its own <bdi>, and the quotes of the language outside it", async () => {
    const { t } = await languageI18n('ar');
    const html = render(isolatedSentence((word) => t('common:list.results', { count: 0, total: 0, searchTerm: word('Dr. "Who"') })));
    expect(html).toBe('لا نتائج لـ «<bdi>Dr. &quot;Who&quot;</bdi>» (0)');
  });

  it('keeps the sentence as written: no marks are left in its text', () => {
    const { t } = createI18n('en');
    const html = render(isolatedSentence((word) => t('common:list.results', { count: 2, total: 2, searchTerm: word('doyle') })));
    expect(html).toBe('2 results for &quot;<bdi>doyle</bdi>&quot;');
  });

  it('takes several words, and a word that looks like a mark stays text', () => {
    const html = render(isolatedSentence((word) => `${word('Ada')} invited you to ${word('\uE0000\uE001')}`));
    expect(html).toBe('<bdi>Ada</bdi> invited you to <bdi>\uE0000\uE001</bdi>');
  });
});
