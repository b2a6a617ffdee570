// Read at request time: one build serves every environment (no VITE_ variables).
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
  emailDelivery: 'smtp' | 'log' | 'mailbox';
  uploadMaxBytes: number;
  /** The first byte already uses it. */
  language: Language;
  /** The browser's cookie's, else UTC. */
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
