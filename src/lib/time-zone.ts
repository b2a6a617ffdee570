/**
 * The reader's time zone (decision 056). The browser keeps its zone in a cookie; the server renders
 * dates and times in the zone the request's cookie names (UTC without one) and hands that zone to
 * the page, so the browser's hydrating render formats exactly what the server did. Once hydrated,
 * the browser formats in its own zone: the same one after the first visit, the right one on the
 * first visit or after a journey.
 */
import { cookieValue } from './i18n/detect-language';
import { setPreferenceCookie } from './preference-cookie';

const TIME_ZONE_COOKIE = 'tz';
const DEFAULT_TIME_ZONE = 'UTC';
const TIME_ZONE_COOKIE_DAYS = 365;

/**
 * Names already checked, and what they resolved to: making an `Intl.DateTimeFormat` to check one
 * costs 150–200 µs, and every page render reads its request's zone. Bounded, as a cookie is the
 * client's to write.
 */
const checked = new Map<string, string | undefined>();
const MAX_CHECKED = 1000;

/** An IANA zone name Intl knows ('Europe/Paris', 'UTC'), else undefined: a cookie is the client's to write. */
export function parseTimeZone(value: string | null | undefined): string | undefined {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return undefined;
  if (checked.has(value)) return checked.get(value);
  let zone: string | undefined;
  try {
    // Checks a name (once per name, kept below): not a formatter for display.
    // eslint-disable-next-line no-restricted-properties -- see the line above
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
/**
 * The browser's own zone ('UTC' where it has none to tell); read once per page load. The runtime's
 * own name needs no check here (the server checks the cookie's), so the check stays out of the
 * browser's first load.
 */
export const browserTimeZone = () =>
  // eslint-disable-next-line no-restricted-properties -- reads the runtime's zone once, formats nothing
  (ownZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE);

/** In the browser: the cookie names this browser's zone, so the next page is rendered in it. */
export function rememberTimeZone() {
  const zone = browserTimeZone();
  if (cookieValue(document.cookie, TIME_ZONE_COOKIE) === zone) return;
  setPreferenceCookie(TIME_ZONE_COOKIE, zone, TIME_ZONE_COOKIE_DAYS * 86_400);
}
