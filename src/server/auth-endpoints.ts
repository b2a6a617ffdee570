// Every endpoint not listed answers 404 and is left out of /api/openapi: an endpoint nobody
// reviewed cannot be called, and an upgrade adds none to the attack surface.
const ENABLED_AUTH_ENDPOINTS = [
  '/get-session',
  '/sign-out',
  '/email-otp/send-verification-otp',
  '/sign-in/email-otp',
  // A change of email: a code to the new address, then the change (src/server/email-change.ts).
  '/email-otp/request-email-change',
  '/email-otp/change-email',
  '/sign-in/social',
  '/callback/:id',
  // Linked sign-in methods (docs/decisions/068-linked-sign-in-methods.md): link through the provider's
  // consent (back through /callback/:id) and unlink; the page lists them through /api/rpc.
  '/link-social',
  '/unlink-account',
  '/error',
  '/update-user',
  '/delete-user',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  // Passkeys (docs/decisions/067-passkeys.md): add, sign in, rename, delete. The page lists them through /api/rpc.
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/generate-authenticate-options',
  '/passkey/verify-authentication',
  '/passkey/update-passkey',
  '/passkey/delete-passkey',
  // The second factor (docs/decisions/094-a-second-factor-on-every-way-in.md): set up, turn off, new recovery
  // codes, and the sign-in step's two ways through.
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  // Creating and editing users goes through /api/rpc.
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
  '/organization/*',
  // MCP clients a person connects (docs/decisions/105-agents-signed-in-with-oauth.md): discovery, registration,
  // authorization with our consent page, tokens and their revocation. The account page lists and disconnects
  // them through /api/rpc.
  '/.well-known/oauth-authorization-server',
  '/oauth2/register',
  '/oauth2/authorize',
  '/oauth2/consent',
  '/oauth2/token',
  '/oauth2/revoke',
] as const;

const patterns = ENABLED_AUTH_ENDPOINTS.map(
  (path) =>
    new RegExp(
      `^${path
        .replaceAll('.', '\\.')
        .replace(/:[A-Za-z]+/g, '[^/]+')
        .replace(/\/\*$/, '/[^/]+')}$`,
    ),
);

/** `:param` or `{param}` placeholders allowed. */
export const authEndpointEnabled = (path: string) => {
  const normalized = path.replace(/\{([A-Za-z]+)\}/g, ':$1');
  return patterns.some((pattern) => pattern.test(normalized));
};

const templatesByApi = new WeakMap<object, Array<{ template: string; pattern: RegExp }>>();

/**
 * The path of the Better Auth endpoint a request's path is (`/callback/:id`), for the metrics'
 * label; undefined when none is, even under an enabled prefix (`/organization/no-such-thing`).
 */
export function authRouteTemplate(api: Record<string, { path?: string }>, path: string): string | undefined {
  let templates = templatesByApi.get(api);
  if (!templates) {
    templates = Object.values(api).flatMap(({ path: template }) =>
      template && authEndpointEnabled(template) ? [{ template, pattern: new RegExp(`^${template.replace(/:[A-Za-z]+/g, '[^/]+')}$`) }] : [],
    );
    templatesByApi.set(api, templates);
  }
  return templates.find(({ pattern }) => pattern.test(path))?.template;
}
