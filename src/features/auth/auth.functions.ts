// Read on the server so guards on the server render show no flash of protected content.
import { createServerFn } from '@tanstack/react-start';
import { getRequest } from '@tanstack/react-start/server';
import { secondFactorPending, sessionCookie } from '#/server/session-cookie.ts';

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
  /** An authenticator app is set up: each sign-in asks for its code (docs/decisions/094-a-second-factor-on-every-way-in.md). */
  twoFactorEnabled: boolean;
  /** AUTH_TWO_FACTOR holds them to a second factor they have not set up: the account page is all they reach. */
  twoFactorSetUpRequired: boolean;
}

export const getSessionUser = createServerFn({ method: 'GET' }).handler(async (): Promise<SessionUser | null> => {
  const request = getRequest();
  // Anonymous pages (/login) answer without loading or running the auth library.
  if (!sessionCookie(request)) return null;
  const [{ effectiveRole }, { requestSession }, { env, secondFactorMissing }] = await Promise.all([
    import('#/server/roles.ts'),
    import('#/server/request-session.ts'),
    import('#/server/env.ts'),
  ]);
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
    // The two-factor plugin's field (src/server/db/schema.ts), not in the inferred user's type.
    twoFactorEnabled: (user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true,
    twoFactorSetUpRequired:
      !session.session.impersonatedBy &&
      secondFactorMissing(env(), effectiveRole(user), (user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
  };
});

/** A first factor passed and the second not yet: the browser holds the step's cookie and no session. */
export const getSecondFactorPending = createServerFn({ method: 'GET' }).handler(
  (): boolean => !sessionCookie(getRequest()) && secondFactorPending(getRequest()),
);
