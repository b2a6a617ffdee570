import { createFileRoute } from '@tanstack/react-router';
import { actorQuery, auditInfiniteQuery } from '#/features/audit/audit.queries';
import { auditRoute } from '#/features/audit/audit.search';
import { PageManagerAudit } from '#/features/audit/page-manager-audit';
import { loadInfiniteQuery } from '#/lib/query-client';

export const Route = createFileRoute('/manager/audit')({
  staticData: { title: 'audit:title', namespaces: ['audit', 'tables'] },
  ...auditRoute,
  loader: async ({ context, deps }) => {
    // The actor filter shows the person's name from the first byte.
    const actor = deps.actorId ? context.queryClient.prefetchQuery(actorQuery(deps.actorId)) : undefined;
    const [events] = await Promise.all([loadInfiniteQuery(context.queryClient, auditInfiniteQuery(deps)), actor]);
    return events;
  },
  component: PageManagerAudit,
});
