/**
 * The auth API's endpoints the product uses (decision 028). Better Auth and its plugins bring
 * about ninety; every one not listed here answers 404 and is left out of /api/openapi, so an
 * endpoint nobody reviewed (password reset, e-mail change, account linking…) cannot be called,
 * and an upgrade that adds endpoints adds none to the attack surface.
 */
const ENABLED_AUTH_ENDPOINTS = [
  // Session and sign-in: e-mail code, GitHub and OpenID Connect (both through the social flow).
  '/get-session',
  '/sign-out',
  '/email-otp/send-verification-otp',
  '/sign-in/email-otp',
  '/sign-in/social',
  '/callback/:id',
  '/error',
  // The account area: onboarding and change of name, own sessions, deleting one's account.
  '/update-user',
  '/delete-user',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  // The manager's user administration (creating and editing users goes through /api/rpc).
  '/admin/list-users',
  '/admin/set-role',
  '/admin/ban-user',
  '/admin/unban-user',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  '/admin/remove-user',
  '/admin/list-user-sessions',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
  // The organisation layer, with its limits (src/server/organization-rules.ts).
  '/organization/*',
] as const;

const patterns = ENABLED_AUTH_ENDPOINTS.map((path) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\/\*$/, '/[^/]+')}$`));

/** Whether `path` (under /api/auth; `:param` or `{param}` placeholders allowed) is on. */
export const authEndpointEnabled = (path: string) => {
  const normalized = path.replace(/\{([A-Za-z]+)\}/g, ':$1');
  return patterns.some((pattern) => pattern.test(normalized));
};
