// Without zod, for the first load's search params. PostgreSQL refuses NUL in text, and no field
// of ours means any other control character but tab, LF and CR.
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** The longest search term the lists take (the API's `searchTerm`, and the pages' search param). */
export const SEARCH_TERM_MAX = 100;

/** Text a person typed, inside a translated sentence: isolated (FSI … PDI), it keeps its own direction (a Latin name in Arabic). */
export const isolated = (text: string) => `\u2068${text}\u2069`;
