// No client needs a session's raw token: its own is in its cookie, and pages end sessions by id.
export const ANSWERS_WITH_TOKENS = new Set([
  '/get-session',
  '/list-sessions',
  '/admin/list-user-sessions',
  '/passkey/verify-authentication',
]);

const untokened = (session: unknown) => {
  if (!session || typeof session !== 'object') return session;
  const { token: _token, ...rest } = session as { token?: unknown };
  return rest;
};

export function withoutSessionTokens<T>(body: T): T {
  if (Array.isArray(body)) return body.map(untokened) as T;
  if (!body || typeof body !== 'object') return body;
  const answer = body as { session?: unknown; sessions?: unknown };
  return {
    ...answer,
    ...('session' in answer ? { session: untokened(answer.session) } : {}),
    ...(Array.isArray(answer.sessions) ? { sessions: answer.sessions.map(untokened) } : {}),
  } as T;
}

/** Enough to tell sessions apart, never enough to use one: the manager's session list and the data export show this. */
export const shortToken = (token: string) => `${token.slice(0, 4)}…${token.slice(-4)}`;
