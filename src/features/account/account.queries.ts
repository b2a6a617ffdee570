import { queryOptions } from '@tanstack/react-query';
import { listMySessions } from './account.functions';

export const mySessionsQuery = queryOptions({ queryKey: ['account', 'sessions'], queryFn: () => listMySessions() });
