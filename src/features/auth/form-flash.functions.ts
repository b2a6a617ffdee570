/**
 * A sign-in form's refusal, carried from its POST to the page's next render (decision 033): the
 * message to show and what was typed, in a cookie that lives two minutes and is read once.
 */
import { createServerFn } from '@tanstack/react-start';
import { deleteCookie, getCookie } from '@tanstack/react-start/server';

export const FORM_FLASH_COOKIE = 'sb-form';

export interface FormFlash {
  form: 'login' | 'verify' | 'onboarding';
  /** An `auth` message key (the form's own checks) or Better Auth's code and message. */
  error: { key?: string; code?: string; message?: string };
  values: { email?: string; name?: string };
}

function parse(value: string | undefined): FormFlash | null {
  if (!value) return null;
  try {
    const flash = JSON.parse(Buffer.from(value, 'base64url').toString()) as FormFlash;
    return ['login', 'verify', 'onboarding'].includes(flash?.form) && typeof flash.error === 'object' ? flash : null;
  } catch {
    return null;
  }
}

/** The flash of this request, if any, removed as it is read. */
export const takeFormFlash = createServerFn({ method: 'GET' }).handler((): FormFlash | null => {
  const flash = parse(getCookie(FORM_FLASH_COOKIE));
  if (flash) deleteCookie(FORM_FLASH_COOKIE, { path: '/' });
  return flash;
});
