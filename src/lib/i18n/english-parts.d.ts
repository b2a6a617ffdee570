// The English files imported again as modules of their own, one per part (`?part=<name>`, the
// loader is `jsonParts` in vite.config.ts; the parts are listed in entry-strings.ts).
declare module '#/locales/en/common.json?part=*' {
  import type strings from '#/locales/en/common.json';
  const parts: typeof strings;
  export = parts;
}
declare module '#/locales/en/auth.json?part=*' {
  import type strings from '#/locales/en/auth.json';
  const parts: typeof strings;
  export = parts;
}
