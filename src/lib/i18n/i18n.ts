// The server bundles every English namespace; the browser's entry only ENTRY_NAMESPACES, the rest load on demand.
import { createIsomorphicFn } from '@tanstack/react-start';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAccount from '#/locales/en/account.json';
import enApi from '#/locales/en/api.json';
import enAuth from '#/locales/en/auth.json';
import enAudit from '#/locales/en/audit.json';
import enWebhooks from '#/locales/en/webhooks.json';
import enAuthErrors from '#/locales/en/authErrors.json';
import enCommon from '#/locales/en/common.json';
import enTables from '#/locales/en/tables.json';
import enImages from '#/locales/en/images.json';
import enOrganizations from '#/locales/en/organizations.json';
import enUsers from '#/locales/en/users.json';
import enZod from '#/locales/en/zod.json';
// example:start
import enCatalog from '#/locales/en/catalog.json';
// example:end
import { identity } from '../identity.ts';
import { DEFAULT_LANGUAGE, ENTRY_NAMESPACES, LANGUAGE_CODES, NAMESPACES, type Language } from './languages';

/** Every English namespace (the types of all translation keys). */
export const defaultResources = {
  common: enCommon,
  auth: enAuth,
  account: enAccount,
  authErrors: enAuthErrors,
  api: enApi,
  // example:start
  catalog: enCatalog,
  // example:end
  users: enUsers,
  zod: enZod,
  tables: enTables,
  images: enImages,
  organizations: enOrganizations,
  audit: enAudit,
  webhooks: enWebhooks,
} as const;

// The browser's entry carries English `common` and `auth`; the other namespaces are fetched.
const bundledResources = import.meta.env.SSR ? defaultResources : { common: enCommon, auth: enAuth };
const initialNamespaces = import.meta.env.SSR ? NAMESPACES : ENTRY_NAMESPACES;

// The browser fetches these rather than import() them: a failed import() stays failed for the
// page's lifetime, so i18next's retries would not really retry.
const serverResources = import.meta.glob<{ default: object }>(['../../locales/*/*.json', '!../../locales/en/*.json']);

declare global {
  interface ImportMetaEnv {
    /** Set by vite.config.ts: the folder of the translation files, `/assets/locales-<hash>` in a build. */
    readonly LOCALES_URL: string;
  }
}

const loadResource = createIsomorphicFn()
  .server(async (lng: string, ns: string): Promise<object> => {
    const load = serverResources[`../../locales/${lng}/${ns}.json`];
    if (!load) throw new Error(`No resources for ${lng}/${ns}`);
    return (await load()).default;
  })
  .client(async (lng: string, ns: string): Promise<object> => {
    const url = `${import.meta.env.LOCALES_URL}/${lng}/${ns}.json`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as object;
  });

// Failures answer `(error, true)`: i18next retries only when told the failure is retriable.
const loadNamespace: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    loadResource(lng, ns).then(
      (data) => callback(null, data as ResourceKey),
      (error: unknown) => callback(error as Error, true as unknown as ResourceKey),
    );
  },
};

export function createI18n(lng: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(initReactI18next)
    .use(loadNamespace)
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGE_CODES,
      ns: [...initialNamespaces],
      defaultNS: 'common',
      resources: { [DEFAULT_LANGUAGE]: bundledResources },
      partialBundledLanguages: true,
      // `{{appName}}` in any string is the product's name (src/lib/identity.ts): no translation types it.
      interpolation: { escapeValue: false, defaultVariables: { appName: identity.name } },
      maxRetries: 5,
      retryTimeout: 350,
      initAsync: false,
      react: { useSuspense: false },
      returnNull: false,
    });
  return instance;
}

let serverBase: I18n | undefined;
const shared = new Map<Language, Promise<I18n>>();

/** On the server, one request's i18n: a clone sharing one process-wide instance's loaded resources. */
export function requestI18n(lng: Language = DEFAULT_LANGUAGE): I18n {
  serverBase ??= createI18n();
  return serverBase.cloneInstance({ lng });
}

/** On the server, one shared instance per language, every namespace loaded once (translations do not change while running). */
export function languageI18n(lng: Language): Promise<I18n> {
  let ready = shared.get(lng);
  if (!ready) {
    const instance = requestI18n(lng);
    // A clone starts in its original's language: switch (which loads this language's resources).
    ready = instance
      .changeLanguage(lng)
      .then(() => instance.loadNamespaces([...NAMESPACES]))
      .then(() => instance);
    // A failed load must not stay cached: the next caller tries again.
    ready.catch(() => shared.delete(lng));
    shared.set(lng, ready);
  }
  return ready;
}
