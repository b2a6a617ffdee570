/** The signed-in user's own sessions, for the account area (no tokens leave the server). */
import { createServerFn } from '@tanstack/react-start';
import { getRequest } from '@tanstack/react-start/server';
import { describeUserAgent } from '#/server/user-agent.ts';

export const listMySessions = createServerFn({ method: 'GET' }).handler(async () => {
  const auth = await (await import('#/server/auth.ts')).getAuth();
  const headers = getRequest().headers;
  const [current, sessions] = await Promise.all([auth.api.getSession({ headers }), auth.api.listSessions({ headers })]);
  if (!current) return [];
  return sessions
    .map((s) => ({
      id: s.id,
      device: describeUserAgent(s.userAgent),
      ipAddress: s.ipAddress ?? null,
      createdAt: new Date(s.createdAt),
      lastActiveAt: new Date(s.updatedAt),
      current: s.token === current.session.token,
      impersonated: Boolean((s as { impersonatedBy?: string | null }).impersonatedBy),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.getTime() - a.lastActiveAt.getTime());
});

export type OwnSession = Awaited<ReturnType<typeof listMySessions>>[number];
