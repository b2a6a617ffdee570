/** The interface languages (docs/product.md, Constants). Pure data: server and browser read it. */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr', fontScale: 1 },
  { code: 'fr', name: 'Français', dir: 'ltr', fontScale: 1 },
  { code: 'ar', name: 'العربية', dir: 'rtl', fontScale: 1.2 },
  { code: 'sw', name: 'Kiswahili', dir: 'ltr', fontScale: 1 },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as Language[];
/** One file per namespace under src/locales/<lng>/; `common` loads first. */
export const NAMESPACES = [
  'common',
  'auth',
  'account',
  'authErrors',
  'api',
  // example:start
  'catalog',
  // example:end
  'users',
  'zod',
  'tables',
  'images',
  'organizations',
  'audit',
  'webhooks',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** What the browser's entry carries (English) or loads before hydrating: navigation, errors, sign-in. */
export const ENTRY_NAMESPACES = ['common', 'auth'] as const satisfies readonly Namespace[];

/** The preference cookie (the name i18next's browser detector uses): path /, SameSite lax, 30 days. */
export const LANGUAGE_COOKIE = 'i18next';
/** The preference in local storage (the detector's key, too). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE_MINUTES = 43_200;
export const LANGUAGE_QUERY_PARAM = 'lng';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);

export const languageInfo = (code: string) => LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];

/** `fr-CA` → `fr`; unknown → undefined. */
export function normalizeLanguage(value: string | null | undefined): Language | undefined {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}
