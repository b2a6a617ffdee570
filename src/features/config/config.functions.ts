/**
 * Initial app setup: the runtime configuration the browser needs, read from the server's
 * environment at request time (one build serves every environment; no VITE_ variables).
 */
import { createServerFn } from '@tanstack/react-start';
import { env } from '#/server/env.ts';

export interface AppConfig {
  demoMode: boolean;
  banner: { name: string; emoji: string; color: string } | null;
  signupEnabled: boolean;
  providers: Array<{ id: 'github' | 'oidc'; name: string }>;
  docsUrl: string;
  demoContactEmail: string;
}

export const getAppConfig = createServerFn({ method: 'GET' }).handler((): AppConfig => {
  const e = env();
  return {
    demoMode: e.demoMode,
    banner: e.banner ?? null,
    signupEnabled: e.auth.signupEnabled && !e.demoMode,
    providers: [
      ...(e.auth.github ? [{ id: 'github' as const, name: 'GitHub' }] : []),
      ...(e.auth.oidc ? [{ id: 'oidc' as const, name: e.auth.oidc.name }] : []),
    ],
    docsUrl: e.docsUrl,
    demoContactEmail: e.demoContactEmail,
  };
});
