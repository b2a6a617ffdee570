/**
 * What text from a client may hold, without zod (the routes' search params use it on the first
 * load): no control characters other than tab, line feed and carriage return. PostgreSQL refuses
 * NUL in text (SQLSTATE 22021), and no field of ours means any of the others.
 */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** The longest search term the lists take (the API's `searchTerm`, and the pages' search param). */
export const SEARCH_TERM_MAX = 100;
