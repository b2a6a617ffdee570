// From the client address the HTTP pipeline would have set, with the client's cookies.
import { handleAuthRequest } from '#/server/auth-handler.ts';
import { CLIENT_IP_HEADER } from '#/server/http/pipeline.ts';
import { ORIGIN } from './api.ts';

export interface Client {
  ip: string;
  cookie?: string;
}

async function post(path: string, body: Record<string, unknown>, client: Client) {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: ORIGIN, [CLIENT_IP_HEADER]: client.ip };
  if (client.cookie) headers.cookie = client.cookie;
  const res = await handleAuthRequest(new Request(`${ORIGIN}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
  const text = await res.text();
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null, cookies };
}

export const requestCode = (email: string, client: Client) => post('/email-otp/send-verification-otp', { email, type: 'sign-in' }, client);

export const signInWithCode = (email: string, otp: string, client: Client) => post('/sign-in/email-otp', { email, otp }, client);

/** An outsider's wrong guesses. */
export function wrongCodes(count: number, codes: string[]): string[] {
  const wrong: string[] = [];
  for (let n = 0; wrong.length < count; n++) {
    const guess = String(n * 111_111 + 7)
      .padStart(6, '0')
      .slice(-6);
    if (!codes.includes(guess) && !wrong.includes(guess)) wrong.push(guess);
  }
  return wrong;
}
