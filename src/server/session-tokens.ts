/**
 * The auth API's session answers without the sessions' raw tokens. No client needs one: the
 * caller's own travels in its signed cookie, and the pages end a session by its id (/api/rpc).
 */
export const ANSWERS_WITH_TOKENS = new Set(['/get-session', '/list-sessions', '/admin/list-user-sessions']);

const untokened = (session: unknown) => {
  if (!session || typeof session !== 'object') return session;
  const { token: _token, ...rest } = session as { token?: unknown };
  return rest;
};

/** get-session's `{ session, user }`, list-sessions' array, admin/list-user-sessions' `{ sessions }`: without `token`. */
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
