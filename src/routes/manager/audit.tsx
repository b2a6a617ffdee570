import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { auditInfiniteQuery } from '#/features/audit/audit.queries';
import { auditSearch, EMPTY_AUDIT_SEARCH } from '#/features/audit/audit.search';
import { PageManagerAudit } from '#/features/audit/page-manager-audit';
import { pageTitle } from '#/lib/utils';

export const Route = createFileRoute('/manager/audit')({
  staticData: { namespaces: ['audit'] },
  validateSearch: auditSearch,
  search: { middlewares: [stripSearchParams(EMPTY_AUDIT_SEARCH)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queries.ensureInfinite(auditInfiniteQuery(deps)),
  head: ({ match }) => ({ meta: [{ title: pageTitle(match.context.i18n.t('audit:title')) }] }),
  component: PageManagerAudit,
});
