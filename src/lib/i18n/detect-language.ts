// One order on both sides (query, cookie, local storage, navigator, html tag): the server reads
// only what a request carries, so the browser keeps the cookie equal to local storage.
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM, normalizeLanguage, type Language } from './languages';

/** Where a preference can be found, each optional (the server has no local storage or html tag). */
export interface LanguageSources {
  query?: string | null;
  cookie?: string | null;
  localStorage?: string | null;
  navigator?: readonly string[];
  htmlTag?: string | null;
}

/** The first supported language in that order, or undefined. */
export function pickLanguage(sources: LanguageSources): Language | undefined {
  for (const value of [sources.query, sources.cookie, sources.localStorage]) {
    const lng = normalizeLanguage(value);
    if (lng) return lng;
  }
  for (const tag of sources.navigator ?? []) {
    const lng = normalizeLanguage(tag);
    if (lng) return lng;
  }
  return normalizeLanguage(sources.htmlTag);
}

/** A cookie's value from a Cookie header or `document.cookie`; undefined if absent or malformed. */
export function cookieValue(cookies: string | null | undefined, name: string) {
  for (const part of cookies?.split(';') ?? []) {
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

/** Accept-Language's tags, most wanted first (q=0 refused). */
function acceptedLanguages(header: string | null): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((x) => x.tag);
}

/** The server's detection for a request. */
export function detectLanguage(request: { url: string; headers: Headers }): Language {
  return (
    pickLanguage({
      query: new URL(request.url).searchParams.get(LANGUAGE_QUERY_PARAM),
      cookie: cookieValue(request.headers.get('cookie'), LANGUAGE_COOKIE),
      navigator: acceptedLanguages(request.headers.get('accept-language')),
    }) ?? DEFAULT_LANGUAGE
  );
}
