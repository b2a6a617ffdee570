import { createFileRoute } from '@tanstack/react-router';
import { auditInfiniteQuery } from '#/features/audit/audit.queries';
import { auditRoute } from '#/features/audit/audit.search';
import { PageManagerAudit } from '#/features/audit/page-manager-audit';

export const Route = createFileRoute('/manager/audit')({
  staticData: { title: 'audit:title', namespaces: ['audit'] },
  ...auditRoute,
  loader: ({ context, deps }) => context.queryClient.ensureInfiniteQueryData(auditInfiniteQuery(deps)),
  component: PageManagerAudit,
});
