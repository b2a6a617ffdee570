import { orpc } from '#/lib/api-client';

export const myOrganizationsQuery = () => orpc.organizations.mine.queryOptions();
export const organizationQuery = (slug: string) => orpc.organizations.get.queryOptions({ input: { slug } });
export const shelfQuery = () => orpc.organizations.shelf.list.queryOptions();
export const invitationQuery = (id: string) => orpc.organizations.invitations.get.queryOptions({ input: { id } });
export const managerOrganizationsQuery = (searchTerm: string) => orpc.organizations.manager.list.queryOptions({ input: { searchTerm } });
export const managerOrganizationQuery = (id: string) => orpc.organizations.manager.get.queryOptions({ input: { id } });
