/**
 * The browser's i18n instance. Its first language is the one the server rendered (`<html lang>`),
 * so hydration matches; choices are stored in the cookie and local storage, and after
 * hydration the full detection order runs once (local storage is visible only here).
 */
import LanguageDetector from 'i18next-browser-languagedetector';
import type { i18n as I18n } from 'i18next';
import { createI18n } from './i18n';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MINUTES, LANGUAGE_QUERY_PARAM, languageInfo, normalizeLanguage } from './languages';

let instance: I18n | undefined;

export const detectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: LANGUAGE_QUERY_PARAM,
  lookupCookie: LANGUAGE_COOKIE,
  lookupLocalStorage: 'i18nextLng',
  caches: ['localStorage', 'cookie'],
  cookieMinutes: LANGUAGE_COOKIE_MINUTES,
  cookieOptions: { path: '/', sameSite: 'lax' as const },
};

export function browserI18n(): I18n {
  if (!instance) {
    const rendered = normalizeLanguage(document.documentElement.lang) ?? 'en';
    instance = createI18n(rendered);
    const detector = new LanguageDetector(null, detectionOptions);
    instance.services.languageDetector = detector;
    detector.init(instance.services, detectionOptions);
    instance.on('languageChanged', (lng) => {
      detector.cacheUserLanguage(lng);
      const info = languageInfo(lng);
      document.documentElement.lang = info.code;
      document.documentElement.dir = info.dir;
    });
  }
  return instance;
}

/** After hydration: the language the full detection order picks, when it differs from the page's. */
export function detectedLanguage(): string | undefined {
  const i18n = browserI18n();
  const detector = i18n.services.languageDetector as LanguageDetector;
  const found = detector.detect();
  const candidates = Array.isArray(found) ? found : [found];
  for (const c of candidates) {
    const lng = normalizeLanguage(c);
    if (lng) return lng === i18n.language ? undefined : lng;
  }
  return undefined;
}
