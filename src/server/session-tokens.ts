// No client needs a session's raw token: its own is in its cookie, and pages end sessions by id.
export const ANSWERS_WITH_TOKENS = new Set(['/get-session', '/list-sessions', '/admin/list-user-sessions']);

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
