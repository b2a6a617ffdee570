// The same screens serve the product's endpoints (the manager) and an organisation's (its page): each reads and
// writes through these, which pick `orpc.webhooks.X` or `orpc.webhooks.organization.X` and add the slug.
import { orpc } from '#/lib/api-client';
import type { WebhookInput } from './webhooks.schema';

/** Whose endpoints: the product's (no slug) or one organisation's. */
export interface WebhookScope {
  slug?: string;
}

export const PRODUCT_WEBHOOKS: WebhookScope = {};

/** An endpoint's own fields: a new one has them all, a change some. */
type EndpointFields = { url?: string; description?: string; events?: WebhookInput['events'] };

export const webhooksQuery = ({ slug }: WebhookScope) =>
  slug ? orpc.webhooks.organization.list.queryOptions({ input: { slug } }) : orpc.webhooks.list.queryOptions();

export const webhookQuery = ({ slug }: WebhookScope, id: string) =>
  slug ? orpc.webhooks.organization.get.queryOptions({ input: { slug, id } }) : orpc.webhooks.get.queryOptions({ input: { id } });

const page = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextBefore: string | null }) => last.nextBefore,
};
const after = (before: string | null) => (before ? { before } : {});

/** Newest first; the next page starts after the last delivery shown. */
export const deliveriesInfiniteQuery = ({ slug }: WebhookScope, id: string) =>
  slug
    ? orpc.webhooks.organization.deliveries.infiniteOptions({ input: (before: string | null) => ({ slug, id, ...after(before) }), ...page })
    : orpc.webhooks.deliveries.infiniteOptions({ input: (before: string | null) => ({ id, ...after(before) }), ...page });

/** The writes, to the scope's procedures. */
export function webhookCalls({ slug }: WebhookScope) {
  const organization = orpc.webhooks.organization;
  return {
    create: (input: Required<EndpointFields>) => (slug ? organization.create.call({ slug, ...input }) : orpc.webhooks.create.call(input)),
    update: (input: EndpointFields & { id: string; enabled?: boolean }) =>
      slug ? organization.update.call({ slug, ...input }) : orpc.webhooks.update.call(input),
    delete: (id: string) => (slug ? organization.delete.call({ slug, id }) : orpc.webhooks.delete.call({ id })),
    test: (id: string) => (slug ? organization.test.call({ slug, id }) : orpc.webhooks.test.call({ id })),
    resend: (id: string, deliveryId: string) =>
      slug ? organization.resend.call({ slug, id, deliveryId }) : orpc.webhooks.resend.call({ id, deliveryId }),
  };
}
