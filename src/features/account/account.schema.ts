import { oneOfParam, searchParams, stringParam } from '#/lib/search-params';

export type AccountSearch = { state: '' | 'change-name'; newEmail: string };

export const accountSearch = searchParams<AccountSearch>({ state: oneOfParam(['', 'change-name']), newEmail: stringParam() });
