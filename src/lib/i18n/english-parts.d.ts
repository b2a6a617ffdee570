// The English files imported again as modules of their own, for the sections' chunk
// (section-strings.ts; the `?sections` loader is in vite.config.ts).
declare module '#/locales/en/common.json?sections' {
  import type strings from '#/locales/en/common.json';
  const parts: typeof strings;
  export = parts;
}
declare module '#/locales/en/auth.json?sections' {
  import type strings from '#/locales/en/auth.json';
  const parts: typeof strings;
  export = parts;
}
