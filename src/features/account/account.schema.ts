import { oneOfParam, searchParams, stringParam } from '#/lib/search-params';

export type AccountSearch = { state: '' | 'change-name'; newEmail: string };

export const accountSearch = searchParams<AccountSearch>({ state: oneOfParam(['', 'change-name']), newEmail: stringParam() });

/** "Download my data": a plain GET answered by account-export.server.ts (routed in src/server.ts). */
export const ACCOUNT_EXPORT_PATH = '/api/account/export.json';
