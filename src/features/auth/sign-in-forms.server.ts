// Forms posted before hydration or without JavaScript: the same checks and Better Auth calls, then a 303.
// A refusal goes back in a short-lived cookie (`sb-form`), never in the URL.
import { handleAuthRequest } from '#/server/auth-handler.ts';
import { env } from '#/server/env.ts';
import { CLIENT_IP_HEADER } from '#/server/http/pipeline.ts';
import { effectiveRole } from '#/server/roles.ts';
import { checkEmail } from './auth.search';
import { codeSchema, nameSchema } from './auth.schema';
import { FORM_FLASH_COOKIE, type FormFlash } from './form-flash.functions';
import { homeFor, safeRedirect } from './redirect';

/** So the same rate limits, quotas and session apply as to the browser's own call. */
const FORWARDED = ['cookie', 'accept-language', 'user-agent', CLIENT_IP_HEADER];

async function authCall(request: Request, path: string, body: Record<string, unknown>) {
  const headers = new Headers({ 'content-type': 'application/json', origin: new URL(env().baseUrl).origin });
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await handleAuthRequest(
    new Request(`${env().baseUrl}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
  );
  const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { response, payload };
}

function seeOther(location: string, cookies: string[] = []) {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

const flashCookie = (flash: FormFlash) =>
  `${FORM_FLASH_COOKIE}=${Buffer.from(JSON.stringify(flash)).toString('base64url')}; Path=/; HttpOnly; SameSite=Lax; Max-Age=120${
    env().baseUrl.startsWith('https:') ? '; Secure' : ''
  }`;

const refuse = (location: string, flash: FormFlash) => seeOther(location, [flashCookie(flash)]);

const authRefusal = (payload: Record<string, unknown> | null) => ({
  code: typeof payload?.code === 'string' ? payload.code : 'UNKNOWN_ERROR',
  message: typeof payload?.message === 'string' ? payload.message : undefined,
});

async function fields(request: Request): Promise<((name: string) => string) | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
  const data = await request.formData().catch(() => null);
  if (!data) return null;
  return (name) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.slice(0, 1000) : '';
  };
}

const notAForm = () => Response.json({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Expected a form' }, { status: 415 });

const withRedirect = (path: string, redirect: string, extra: Record<string, string> = {}) => {
  const search = new URLSearchParams({ ...extra, ...(redirect ? { redirect } : {}) }).toString();
  return search ? `${path}?${search}` : path;
};

export async function submitLoginForm(request: Request): Promise<Response> {
  const field = await fields(request);
  if (!field) return notAForm();
  const redirect = safeRedirect(field('redirect')) ?? '';
  const checked = checkEmail(field('email'));
  if (checked.error)
    return refuse(withRedirect('/login', redirect), { form: 'login', error: { key: checked.error }, values: { email: field('email') } });
  const { response, payload } = await authCall(request, '/email-otp/send-verification-otp', { email: checked.email, type: 'sign-in' });
  if (!response.ok)
    return refuse(withRedirect('/login', redirect), { form: 'login', error: authRefusal(payload), values: { email: checked.email } });
  // A public demo's first code request sets the browser's mailbox cookie.
  return seeOther(withRedirect('/login/verify', redirect, { email: checked.email }), response.headers.getSetCookie());
}

export async function submitVerifyForm(request: Request): Promise<Response> {
  const field = await fields(request);
  if (!field) return notAForm();
  const redirect = safeRedirect(field('redirect')) ?? '';
  const email = checkEmail(field('email')).email;
  if (!email) return seeOther(withRedirect('/login', redirect));
  const back = withRedirect('/login/verify', redirect, { email });
  const code = codeSchema.safeParse(field('code'));
  if (!code.success) return refuse(back, { form: 'verify', error: { key: code.error.issues[0]!.message }, values: {} });
  const { response, payload } = await authCall(request, '/sign-in/email-otp', { email, otp: code.data });
  if (!response.ok) return refuse(back, { form: 'verify', error: authRefusal(payload), values: {} });
  // An authenticator app is set up: its code is the sign-in's second step (the answer sets that step's cookie).
  if (payload?.twoFactorRedirect === true) return seeOther(withRedirect('/login/two-factor', redirect), response.headers.getSetCookie());
  const user = (payload?.user ?? {}) as { id?: string; role?: string };
  const home = homeFor(effectiveRole({ id: user.id ?? '', role: user.role ?? 'user' }));
  return seeOther(redirect || home, response.headers.getSetCookie());
}

export async function submitOnboardingForm(request: Request): Promise<Response> {
  const field = await fields(request);
  if (!field) return notAForm();
  const back = safeRedirect(field('redirect')) ?? '/app';
  const name = nameSchema.safeParse(field('name'));
  if (!name.success)
    return refuse(back, { form: 'onboarding', error: { key: name.error.issues[0]!.message }, values: { name: field('name') } });
  const { response, payload } = await authCall(request, '/update-user', { name: name.data, onboardedAt: new Date().toISOString() });
  if (!response.ok) return refuse(back, { form: 'onboarding', error: authRefusal(payload), values: { name: name.data } });
  return seeOther(back, response.headers.getSetCookie());
}

/** The two-factor plugin's cookie of the step (src/server/two-factor.ts), forgotten when the person gives up. */
const endStep = () =>
  env().baseUrl.startsWith('https:')
    ? '__Secure-better-auth.two_factor=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0'
    : 'better-auth.two_factor=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0';

/** The sign-in's second step: an authenticator code, a recovery code, or giving up (`intent`). */
export async function submitTwoFactorForm(request: Request): Promise<Response> {
  const field = await fields(request);
  if (!field) return notAForm();
  const redirect = safeRedirect(field('redirect')) ?? '';
  const intent = field('intent');
  if (intent === 'cancel') return seeOther(withRedirect('/login', redirect), [endStep()]);
  const back = withRedirect('/login/two-factor', redirect);
  const method = intent === 'recovery' ? 'recovery' : 'app';
  let value = field('code').trim();
  if (method === 'app') {
    const code = codeSchema.safeParse(value);
    if (!code.success) return refuse(back, { form: 'two-factor', error: { key: code.error.issues[0]!.message }, values: { method } });
    value = code.data;
  } else if (!value) return refuse(back, { form: 'two-factor', error: { key: 'twoFactor.recoveryRequired' }, values: { method } });
  const path = method === 'app' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code';
  const trustDevice = method === 'app' && field('trustDevice') === 'on';
  const { response, payload } = await authCall(request, path, trustDevice ? { code: value, trustDevice: true } : { code: value });
  if (!response.ok) return refuse(back, { form: 'two-factor', error: authRefusal(payload), values: { method } });
  const user = (payload?.user ?? {}) as { id?: string; role?: string };
  const home = homeFor(effectiveRole({ id: user.id ?? '', role: user.role ?? 'user' }));
  return seeOther(redirect || home, response.headers.getSetCookie());
}
