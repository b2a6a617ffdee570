import { z } from '#/lib/zod';

/**
 * Of the plugin's signed query, what the page reads: the client and the scopes it asks for. The rest (state, the
 * PKCE challenge, the signature) goes back untouched from the address bar when the person answers.
 */
export const consentSearch = z.object({
  // The router reads a value that looks like a number or JSON as one: a client id or a scope is text.
  client_id: z.coerce.string().max(200).catch(''),
  scope: z.coerce.string().max(2000).optional().catch(undefined),
  // Where this answer goes: one of the client's registered addresses, which the card names.
  redirect_uri: z.coerce.string().max(2000).optional().catch(undefined),
});
export type ConsentSearch = z.infer<typeof consentSearch>;
