// No mocks: sessions come from a real e-mail code, requests go through the same handlers as HTTP.
import { vi } from 'vitest';
import { getAuth } from '#/server/auth.ts';
import { handleApiRequest } from '#/server/api-handler.ts';
import { handleAuthRequest } from '#/server/auth-handler.ts';
import { mailboxMessages } from '#/server/email/dev-mailbox.ts';
import { CLIENT_IP_HEADER } from '#/server/http/pipeline.ts';

export const ORIGIN = 'http://localhost:3000';

export const newestMailId = () => mailboxMessages()[0]?.id ?? 0;

/** Waited for, since the e-mail leaves after the answer. `owner`: a public demo's visitor. */
export async function codeSentAfter(email: string, after: number, owner?: string): Promise<string> {
  return vi.waitFor(
    () => {
      const mail = mailboxMessages(owner).find((m) => m.to === email && m.id > after);
      const code = /^\s*(\d{6})\s*$/m.exec(mail?.text ?? '')?.[1];
      if (!code) throw new Error(`no code for ${email}`);
      return code;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** `clientIp`: the address the server's HTTP layer would have resolved (Better Auth's rate limits count per address). */
/** `cookie`: what the browser already holds (a trusted browser's `trust_device`). */
export async function signIn(email: string, options: { clientIp?: string; cookie?: string } = {}): Promise<string> {
  const auth = await getAuth();
  const before = newestMailId();
  // Asked and typed from the same address: a code is bound to the client that asked (decision 078).
  const from = options.clientIp ? { headers: new Headers({ [CLIENT_IP_HEADER]: options.clientIp }) } : {};
  await auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' }, ...from });
  const otp = await codeSentAfter(email, before);
  const res = await auth.handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email-otp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        ...(options.clientIp && { [CLIENT_IP_HEADER]: options.clientIp }),
        ...(options.cookie && { cookie: options.cookie }),
      },
      body: JSON.stringify({ email, otp }),
    }),
  );
  if (!res.ok) throw new Error(`sign-in ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; language?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie + (options.language ? `; i18next=${options.language}` : '');
  else if (options.language) headers.cookie = `i18next=${options.language}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await handleApiRequest(
    new Request(`${ORIGIN}/api/rpc${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
  );
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** GET bodies go in the query. */
export async function authApi<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { cookie?: string; body?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers, origin: ORIGIN };
  if (options.cookie) headers.cookie = options.cookie;
  const url = new URL(`${ORIGIN}/api/auth${path}`);
  let body: string | undefined;
  if (method === 'GET') for (const [k, v] of Object.entries(options.body ?? {})) url.searchParams.set(k, String(v));
  else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  const res = await handleAuthRequest(new Request(url, { method, headers, body }));
  const text = await res.text();
  return { status: res.status, body: parseBody(text) as T, headers: res.headers };
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
