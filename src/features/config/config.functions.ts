/**
 * Initial app setup: the runtime configuration the browser needs, read from the server's
 * environment at request time (one build serves every environment; no VITE_ variables).
 */
import { createServerFn } from '@tanstack/react-start';
import { getRequest } from '@tanstack/react-start/server';
import { detectLanguage } from '#/lib/i18n/detect-language';
import type { Language } from '#/lib/i18n/languages';
import { requestTimeZone } from '#/lib/time-zone';
import { mailboxEnabled } from '#/server/email/dev-mailbox.ts';
import { env, signupDisabled } from '#/server/env.ts';

export interface AppConfig {
  demoMode: boolean;
  banner: { name: string; emoji: string; color: string } | null;
  signupEnabled: boolean;
  providers: Array<{ id: 'github' | 'oidc'; name: string }>;
  docsUrl: string;
  demoContactEmail: string;
  otpExpirationMinutes: number;
  /** Where login codes go: SMTP, the server log only, or the log and the development mailbox. */
  emailDelivery: 'smtp' | 'log' | 'mailbox';
  /** The largest picture the upload API accepts (UPLOAD_MAX_BYTES), shown beside the uploader. */
  uploadMaxBytes: number;
  /** The language this request asked for (query, cookie, Accept-Language): the first byte uses it. */
  language: Language;
  /** The time zone the page's dates are rendered in: the browser's cookie's, else UTC (decision 056). */
  timeZone: string;
}

export const getAppConfig = createServerFn({ method: 'GET' }).handler((): AppConfig => {
  const e = env();
  const request = getRequest();
  return {
    demoMode: e.demoMode,
    banner: e.banner ?? null,
    signupEnabled: !signupDisabled(e),
    providers: [
      ...(e.auth.github ? [{ id: 'github' as const, name: 'GitHub' }] : []),
      ...(e.auth.oidc ? [{ id: 'oidc' as const, name: e.auth.oidc.name }] : []),
    ],
    docsUrl: e.docsUrl,
    demoContactEmail: e.demoContactEmail,
    otpExpirationMinutes: e.auth.otpExpirationMinutes,
    emailDelivery: e.email.server ? 'smtp' : mailboxEnabled(e) ? 'mailbox' : 'log',
    uploadMaxBytes: e.uploads.maxBytes,
    language: detectLanguage(request),
    timeZone: requestTimeZone(request.headers.get('cookie')),
  };
});
