/**
 * The cookies a browser writes for its reader's preferences (language, time zone), which the
 * server reads to render the next page in them: the whole site's (Path /), sent on top-level
 * navigations from other sites (SameSite Lax: a link in, rendered in the reader's language), and
 * only over HTTPS where the page came over HTTPS.
 */
export const preferenceCookie = (name: string, value: string, maxAgeSeconds: number, https: boolean) =>
  `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.round(maxAgeSeconds)}; SameSite=Lax${https ? '; Secure' : ''}`;

/** In the browser: writes a preference cookie for this page's origin. */
export function setPreferenceCookie(name: string, value: string, maxAgeSeconds: number) {
  document.cookie = preferenceCookie(name, value, maxAgeSeconds, location.protocol === 'https:');
}
