import { orpc } from '#/lib/api-client';
import type { ConsentSearch } from './connected-apps.schema';

/** What the consent page shows of the client asking (src/features/connected-apps/page-consent.tsx). */
export const consentRequestQuery = (search: ConsentSearch) =>
  orpc.connectedApps.consentRequest.queryOptions({
    input: { clientId: search.client_id, scope: search.scope, redirectUri: search.redirect_uri },
  });
