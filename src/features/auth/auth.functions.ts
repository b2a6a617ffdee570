// Read on the server so guards on the server render show no flash of protected content.
import { createServerFn } from '@tanstack/react-start';
import { getRequest } from '@tanstack/react-start/server';
import { sessionCookie } from '#/server/session-cookie.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  role: string;
  onboardedAt: string | null;
  createdAt: string;
  impersonatedBy: string | null;
}

export const getSessionUser = createServerFn({ method: 'GET' }).handler(async (): Promise<SessionUser | null> => {
  const request = getRequest();
  // Anonymous pages (/login) answer without loading or running the auth library.
  if (!sessionCookie(request)) return null;
  const [{ effectiveRole }, { requestSession }] = await Promise.all([import('#/server/roles.ts'), import('#/server/request-session.ts')]);
  const session = await requestSession(request);
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image ?? null,
    role: effectiveRole(user),
    onboardedAt: user.onboardedAt ? new Date(user.onboardedAt).toISOString() : null,
    createdAt: new Date(user.createdAt).toISOString(),
    impersonatedBy: session.session.impersonatedBy ?? null,
  };
});
