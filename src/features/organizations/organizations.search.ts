/** The organisation page's search params: which section shows (anything else reads as the overview). */
import { oneOfParam, searchParams } from '#/lib/search-params';

export const ORGANIZATION_TABS = [
  'overview',
  'members',
  'invitations',
  'teams',
  // example:start
  'shelf',
  // example:end
  'webhooks',
  'settings',
] as const;
export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];

export const organizationSearch = searchParams<{ tab: OrganizationTab }>({ tab: oneOfParam(ORGANIZATION_TABS) });
