import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { auditInfiniteQuery } from '#/features/audit/audit.queries';
import { auditSearch, EMPTY_AUDIT_SEARCH } from '#/features/audit/audit.search';
import { PageManagerAudit } from '#/features/audit/page-manager-audit';

export const Route = createFileRoute('/manager/audit')({
  staticData: { title: 'audit:title', namespaces: ['audit'] },
  validateSearch: auditSearch,
  search: { middlewares: [stripSearchParams(EMPTY_AUDIT_SEARCH)] },
  // Only the audit's own params: the router also hands on others from the URL (a `cursor`, say).
  loaderDeps: ({ search }) => auditSearch(search as Parameters<typeof auditSearch>[0]),
  loader: ({ context, deps }) => context.queryClient.ensureInfiniteQueryData(auditInfiniteQuery(deps)),
  component: PageManagerAudit,
});
