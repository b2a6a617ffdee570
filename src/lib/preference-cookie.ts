// SameSite Lax, so a link from another site still renders in the reader's language.
export const preferenceCookie = (name: string, value: string, maxAgeSeconds: number, https: boolean) =>
  `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.round(maxAgeSeconds)}; SameSite=Lax${https ? '; Secure' : ''}`;

/** In the browser: writes a preference cookie for this page's origin. */
export function setPreferenceCookie(name: string, value: string, maxAgeSeconds: number) {
  document.cookie = preferenceCookie(name, value, maxAgeSeconds, location.protocol === 'https:');
}
