// Carries a no-JavaScript form's refusal to the next render in a cookie that lives two minutes and is read once.
import { createServerFn } from '@tanstack/react-start';
import { deleteCookie, getCookie } from '@tanstack/react-start/server';

export const FORM_FLASH_COOKIE = 'sb-form';

export interface FormFlash {
  form: 'login' | 'verify' | 'onboarding' | 'two-factor';
  error: { key?: string; code?: string; message?: string };
  values: { email?: string; name?: string; method?: string };
}

function parse(value: string | undefined): FormFlash | null {
  if (!value) return null;
  try {
    const flash = JSON.parse(Buffer.from(value, 'base64url').toString()) as FormFlash;
    return ['login', 'verify', 'onboarding', 'two-factor'].includes(flash?.form) && typeof flash.error === 'object' ? flash : null;
  } catch {
    return null;
  }
}

/** Removed as it is read. */
export const takeFormFlash = createServerFn({ method: 'GET' }).handler((): FormFlash | null => {
  const flash = parse(getCookie(FORM_FLASH_COOKIE));
  if (flash) deleteCookie(FORM_FLASH_COOKIE, { path: '/' });
  return flash;
});
