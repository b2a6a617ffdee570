/**
 * i18next set-up shared by server and browser. English is bundled; the other languages load on
 * demand (one chunk per language and namespace), retried up to 5 times from 350 ms, doubling.
 */
import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import enAuth from '#/locales/en/auth.json';
import enAuthErrors from '#/locales/en/authErrors.json';
import enCommon from '#/locales/en/common.json';
import enZod from '#/locales/en/zod.json';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, NAMESPACES, type Language } from './languages';

export const defaultResources = { common: enCommon, auth: enAuth, authErrors: enAuthErrors, zod: enZod } as const;

/** One lazily loaded chunk per (language, namespace); English is already bundled above. */
const lazyResources = import.meta.glob<{ default: object }>(['../../locales/*/*.json', '!../../locales/en/*.json']);

const loadNamespace = resourcesToBackend((lng: string, ns: string) => {
  const load = lazyResources[`../../locales/${lng}/${ns}.json`];
  return load ? load() : Promise.reject(new Error(`No ${ns} resources for ${lng}`));
});

export function createI18n(lng: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(initReactI18next)
    .use(loadNamespace)
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGE_CODES,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: { [DEFAULT_LANGUAGE]: defaultResources },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      maxRetries: 5,
      retryTimeout: 350,
      initAsync: false,
      react: { useSuspense: false },
      returnNull: false,
    });
  return instance;
}
