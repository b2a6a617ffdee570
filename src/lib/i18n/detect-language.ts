/**
 * The server's half of language detection, in the spec's order: query `lng`, cookie, (local
 * storage: browser only), navigator (the Accept-Language header), then the default. The browser
 * keeps cookie and local storage equal, so the first byte is already in the chosen language.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM, normalizeLanguage, type Language } from './languages';

function cookieValue(cookieHeader: string | null, name: string) {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function fromAcceptLanguage(header: string | null): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const lng = normalizeLanguage(tag);
    if (lng) return lng;
  }
  return undefined;
}

export function detectLanguage(request: { url: string; headers: Headers }): Language {
  const query = new URL(request.url).searchParams.get(LANGUAGE_QUERY_PARAM);
  return (
    normalizeLanguage(query) ??
    normalizeLanguage(cookieValue(request.headers.get('cookie'), LANGUAGE_COOKIE)) ??
    fromAcceptLanguage(request.headers.get('accept-language')) ??
    DEFAULT_LANGUAGE
  );
}
