import { oneOfParam, searchParams, stringParam } from '#/lib/search-params';

export type AccountSearch = { state: '' | 'change-name'; newEmail: string };

/**
 * Search params of /app/account and /manager/account (docs/product.md, Routes). Anything else falls
 * back to empty.
 */
export const accountSearch = searchParams<AccountSearch>({ state: oneOfParam(['', 'change-name']), newEmail: stringParam() });
