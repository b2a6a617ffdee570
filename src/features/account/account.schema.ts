import { oneOfParam, searchParams, stringParam } from '#/lib/search-params';

/** `error`: why a provider was not linked, as Better Auth's callback says it (sign-in-methods.tsx). */
export type AccountSearch = { state: '' | 'change-name'; newEmail: string; error: string };

export const accountSearch = searchParams<AccountSearch>({
  state: oneOfParam(['', 'change-name']),
  newEmail: stringParam(),
  error: stringParam(),
});

/** "Download my data": a plain GET answered by account-export.server.ts (routed in src/server.ts). */
export const ACCOUNT_EXPORT_PATH = '/api/account/export.json';
