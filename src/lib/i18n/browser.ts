// Starts in the server's language (`<html lang>`) so hydration matches. Only a chosen language is
// kept, not a detected one, so that a later change of the browser's languages still counts.
import type { i18n as I18n } from 'i18next';
import { setPreferenceCookie } from '../preference-cookie';
import { cookieValue, pickLanguage } from './detect-language';
import { createI18n } from './i18n';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MINUTES,
  LANGUAGE_QUERY_PARAM,
  LANGUAGE_STORAGE_KEY,
  languageInfo,
  normalizeLanguage,
} from './languages';

let instance: I18n | undefined;

export function browserI18n(): I18n {
  if (!instance) {
    instance = createI18n(normalizeLanguage(document.documentElement.lang) ?? 'en');
    instance.on('languageChanged', (lng) => {
      keepLanguage(lng);
      const info = languageInfo(lng);
      document.documentElement.lang = info.code;
      document.documentElement.dir = info.dir;
    });
  }
  return instance;
}

/** Local storage can be refused (privacy settings, a sandboxed frame): then it is a source no more. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The preference, in both places the detection reads: cookie (path /, SameSite lax, 30 days) and local storage. */
function keepLanguage(lng: string) {
  setPreferenceCookie(LANGUAGE_COOKIE, lng, LANGUAGE_COOKIE_MINUTES * 60);
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Full or refused: the cookie still holds it.
  }
}

/** After hydration: the language of the full detection order, when it differs from the page's. */
export function settleLanguage(i18n: I18n) {
  const query = new URLSearchParams(location.search).get(LANGUAGE_QUERY_PARAM);
  const found = pickLanguage({
    query,
    cookie: cookieValue(document.cookie, LANGUAGE_COOKIE),
    localStorage: storage()?.getItem(LANGUAGE_STORAGE_KEY),
    navigator: navigator.languages,
    htmlTag: document.documentElement.lang,
  });
  // A change is kept by the `languageChanged` listener; a language the link asked for, here.
  if (found && found !== i18n.language) void i18n.changeLanguage(found);
  else if (found && found === normalizeLanguage(query)) keepLanguage(found);
}
