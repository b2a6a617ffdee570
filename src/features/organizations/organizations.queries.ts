import { orpc } from '#/lib/api-client';
import { listInfiniteOptions, pageLimit } from '#/lib/list-query';

export const myOrganizationsQuery = () => orpc.organizations.mine.queryOptions();
export const organizationQuery = (slug: string) => orpc.organizations.get.queryOptions({ input: { slug } });
// example:start
export const shelfQuery = () => orpc.organizations.shelf.list.queryOptions();
// example:end
export const invitationQuery = (id: string) => orpc.organizations.invitations.get.queryOptions({ input: { id } });

/** The manager's organisations table: search and order, as the URL has them ('' = none). */
export interface OrganizationsTableSearch {
  searchTerm: string;
  sort: '' | 'createdAt' | 'name';
  order: '' | 'asc' | 'desc';
  limit: '' | '10' | '50' | '100';
}

export const managerOrganizationsInfiniteQuery = ({ searchTerm, sort, order, limit }: OrganizationsTableSearch) =>
  listInfiniteOptions(orpc.organizations.manager.list, searchTerm, {
    sort: sort || undefined,
    order: order || undefined,
    limit: pageLimit(limit),
  });

export const managerOrganizationQuery = (id: string) => orpc.organizations.manager.get.queryOptions({ input: { id } });

/** The organisation's owners require a second factor the caller has not set up (403 ORGANIZATION_REQUIRES_TWO_FACTOR). */
export function secondFactorRefusal(error: unknown): { secondFactorNeeded: { name: string; slug: string } } {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: { organization?: { name?: unknown; slug?: unknown } } };
  const named = data?.organization;
  if (code === 'ORGANIZATION_REQUIRES_TWO_FACTOR' && typeof named?.name === 'string' && typeof named.slug === 'string') {
    return { secondFactorNeeded: { name: named.name, slug: named.slug } };
  }
  throw error;
}
