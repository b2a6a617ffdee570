// The server renders in the zone the cookie names (UTC without one) and hands it to the page, so
// hydration formats exactly what the server did; once hydrated, the browser uses its own zone.
import { cookieValue } from './i18n/detect-language';
import { setPreferenceCookie } from './preference-cookie';

const TIME_ZONE_COOKIE = 'tz';
const DEFAULT_TIME_ZONE = 'UTC';
const TIME_ZONE_COOKIE_DAYS = 365;

// Checking a name is costly and every render reads one; bounded, as a cookie is the client's to write.
const checked = new Map<string, string | undefined>();
const MAX_CHECKED = 1000;

/** An IANA zone name Intl knows ('Europe/Paris', 'UTC'), else undefined: a cookie is the client's to write. */
export function parseTimeZone(value: string | null | undefined): string | undefined {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return undefined;
  if (checked.has(value)) return checked.get(value);
  let zone: string | undefined;
  try {
    // eslint-disable-next-line no-restricted-properties -- checks a name, formats nothing
    zone = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  if (checked.size >= MAX_CHECKED) checked.clear();
  checked.set(value, zone);
  return zone;
}

/** The zone a request's dates are rendered in: its cookie's, or UTC. */
export const requestTimeZone = (cookieHeader: string | null | undefined) =>
  parseTimeZone(cookieValue(cookieHeader, TIME_ZONE_COOKIE)) ?? DEFAULT_TIME_ZONE;

let ownZone: string | undefined;
/** The browser's own zone ('UTC' where it has none to tell); unchecked, as the server checks the cookie. */
export const browserTimeZone = () =>
  // eslint-disable-next-line no-restricted-properties -- reads the runtime's zone once, formats nothing
  (ownZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE);

/** In the browser: the cookie names this browser's zone, so the next page is rendered in it. */
export function rememberTimeZone() {
  const zone = browserTimeZone();
  if (cookieValue(document.cookie, TIME_ZONE_COOKIE) === zone) return;
  setPreferenceCookie(TIME_ZONE_COOKIE, zone, TIME_ZONE_COOKIE_DAYS * 86_400);
}
