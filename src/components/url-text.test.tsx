import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UrlText } from './url-text';

describe('UrlText', () => {
  it('may wrap after a slash and before a dot, a query and its parameters, never inside a word', () => {
    const html = renderToString(<UrlText url="https://hooks.example.com/deliveries/in?a=1&b=2" />);
    const inner = html.replace(/^<bdi[^>]*>|<\/bdi>$/g, '');
    expect(inner.split('<wbr/>')).toEqual(['https://', 'hooks', '.example', '.com/', 'deliveries/', 'in', '?a', '=1', '&amp;b', '=2']);
  });

  it('reads left to right in every language and breaks inside a part only when that part alone overflows', () => {
    expect(renderToString(<UrlText url="https://a.b/" />)).toMatch(/^<bdi dir="ltr" class="wrap-anywhere">/);
  });
});
