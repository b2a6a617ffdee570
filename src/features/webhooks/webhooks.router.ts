// Webhook endpoints (docs/decisions/074-webhooks.md): the product's, from the manager (administrators), and an
// organisation's, from its page (its owners). Register, change, delete, read the delivery log, resend a delivery,
// send a test event: the same functions for both, each given its scope. Deliveries: src/server/webhooks/.
import { and, count, desc, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { ORGANIZATION_WEBHOOK_EVENTS } from '#/lib/webhook-events';
import { clientString, z } from '#/lib/zod';
import { detectLanguage } from '#/lib/i18n/detect-language';
import { apiError, type Translate } from '#/server/api-errors.ts';
import { actingIn, changedFields, recordAuditEvent } from '#/server/audit/record.ts';
import type { Database } from '#/server/db/client.ts';
import { organization, webhookDelivery, webhookEndpoint } from '#/server/db/schema.ts';
import { env } from '#/server/env.ts';
import { base, inOrganization } from '#/server/rpc.ts';
import {
  endpointOwner,
  manualSendsInTheLastHour,
  queueDeliveries,
  requeueDelivery,
  testEvent,
  type EndpointOwner,
} from '#/server/webhooks/emit.ts';
import { newWebhookSecret } from '#/server/webhooks/signature.ts';
import { normalisedUrl, targetProblem } from '#/server/webhooks/target.ts';
import {
  createdWebhookSchema,
  deliveryIdSchema,
  deliveryListInputSchema,
  webhookDeliverySchema,
  webhookIdSchema,
  webhookInputSchema,
  webhookSchema,
  webhookUpdateSchema,
  type Webhook,
} from './webhooks.schema';

const columns = {
  id: webhookEndpoint.id,
  url: webhookEndpoint.url,
  description: webhookEndpoint.description,
  events: webhookEndpoint.events,
  enabled: webhookEndpoint.enabled,
  failingSince: webhookEndpoint.failingSince,
  createdAt: webhookEndpoint.createdAt,
};

/** Whose endpoints: the product's (null) or one organisation's. */
type Scope = string | null;
const inScope = (scope: Scope): SQL => (scope ? eq(webhookEndpoint.organizationId, scope) : isNull(webhookEndpoint.organizationId));
const oneInScope = (id: string, scope: Scope): SQL => and(eq(webhookEndpoint.id, id), inScope(scope))!;

type Caller = Parameters<typeof actingIn>[0] & { db: Database; t: Translate; user: { id: string } | null; resHeaders?: Headers };

/** 400 with the field's message when the address is refused (the same rule as at delivery); else its normal form. */
function checkUrl(url: string, t: Translate): string {
  const problem = targetProblem(url, env().webhooks);
  if (problem)
    throw apiError('INPUT_VALIDATION_FAILED', t('api:INPUT_VALIDATION_FAILED'), { fields: { url: t(`webhooks:errors.${problem}`) } });
  return normalisedUrl(url);
}

/** An organisation's endpoint hears of its own members only. */
function checkEvents(events: readonly string[] | undefined, scope: Scope, t: Translate) {
  const allowed: readonly string[] = ORGANIZATION_WEBHOOK_EVENTS;
  if (scope && events?.some((event) => !allowed.includes(event))) {
    throw apiError('INPUT_VALIDATION_FAILED', t('api:INPUT_VALIDATION_FAILED'), {
      fields: { events: t('webhooks:errors.organizationEvents') },
    });
  }
}

async function endpointOr404(db: Database, id: string, scope: Scope, t: Translate): Promise<Webhook> {
  const [row] = await db.select(columns).from(webhookEndpoint).where(oneInScope(id, scope));
  if (!row) throw apiError('NOT_FOUND', t('webhooks:errors.notFound'));
  return row;
}

/** Whose slots its deliveries take (src/server/webhooks/emit.ts). */
async function ownerOr404(db: Database, id: string, scope: Scope, t: Translate): Promise<EndpointOwner> {
  const [row] = await db.select(endpointOwner).from(webhookEndpoint).where(oneInScope(id, scope));
  if (!row) throw apiError('NOT_FOUND', t('webhooks:errors.notFound'));
  return row;
}

/**
 * An organisation's endpoints are capped (WEBHOOK_ENDPOINTS_PER_ORGANIZATION): each may be one more slow receiver.
 * Counted under a lock on the organisation's row, so two at once cannot both take the last place.
 */
async function checkEndpointRoom(tx: Database, scope: Scope, t: Translate) {
  if (!scope) return;
  const max = env().webhooks.endpointsPerOrganization;
  await tx.select({ id: organization.id }).from(organization).where(eq(organization.id, scope)).for('update');
  const [row] = await tx.select({ n: count() }).from(webhookEndpoint).where(inScope(scope));
  if ((row?.n ?? 0) >= max) throw apiError('CONFLICT', t('webhooks:errors.tooManyEndpoints', { max: String(max) }));
}

/**
 * An organisation's owner's manual sends, test events and resends, in the last hour (WEBHOOK_TESTS_PER_HOUR), counted
 * for whoever made the endpoint across their organisations, and kept when the endpoint is deleted; past it, 429
 * until the oldest is an hour old. The product's endpoints are not capped.
 */
async function checkManualBudget({ db, t, resHeaders }: Caller, scope: Scope, endpoint: EndpointOwner) {
  if (!scope) return;
  const max = env().webhooks.testsPerHour;
  const sent = await manualSendsInTheLastHour(db, endpoint);
  if (sent.n < max) return;
  const retryAfter = Math.max(1, Math.ceil(((sent.oldest?.getTime() ?? Date.now()) + 3_600_000 - Date.now()) / 1000));
  resHeaders?.set('Retry-After', String(retryAfter));
  throw apiError('TOO_MANY_REQUESTS', t('webhooks:errors.tooManyTests', { max: String(max) }), { retryAfter });
}

const listEndpoints = (db: Database, scope: Scope) =>
  db.select(columns).from(webhookEndpoint).where(inScope(scope)).orderBy(desc(webhookEndpoint.createdAt), desc(webhookEndpoint.id));

async function createEndpoint(context: Caller, scope: Scope, given: z.output<typeof webhookInputSchema>) {
  const input = { ...given, url: checkUrl(given.url, context.t) };
  checkEvents(input.events, scope, context.t);
  const secret = newWebhookSecret();
  const id = crypto.randomUUID();
  return context.db.transaction(async (tx) => {
    await checkEndpointRoom(tx, scope, context.t);
    const [row] = await tx
      .insert(webhookEndpoint)
      .values({
        id,
        organizationId: scope,
        url: input.url,
        description: input.description,
        events: input.events,
        secret,
        createdBy: context.user?.id ?? null,
        language: detectLanguage(context.request),
      })
      .returning(columns);
    await recordAuditEvent(tx, {
      ...actingIn(context),
      action: 'webhook.created',
      target: { type: 'webhook', id, label: input.url },
      details: { events: input.events, ...(scope && { organizationId: scope }) },
    });
    return { ...row!, secret };
  });
}

async function updateEndpoint(context: Caller, scope: Scope, input: z.output<typeof webhookUpdateSchema>) {
  const { id, ...change } = input;
  if (change.url !== undefined) change.url = checkUrl(change.url, context.t);
  checkEvents(change.events, scope, context.t);
  return context.db.transaction(async (tx) => {
    const before = await endpointOr404(tx, id, scope, context.t);
    const [after] = await tx
      .update(webhookEndpoint)
      // Switched back on, or pointed elsewhere: a fresh start.
      .set({ ...change, ...((change.enabled || change.url) && { failingSince: null, timeoutsInARow: 0 }) })
      .where(oneInScope(id, scope))
      .returning(columns);
    const changes = changedFields(before, after, ['url', 'description', 'events', 'enabled']);
    if (changes) {
      await recordAuditEvent(tx, {
        ...actingIn(context),
        action: 'webhook.updated',
        target: { type: 'webhook', id, label: after!.url },
        changes,
      });
    }
    return after!;
  });
}

function deleteEndpoint(context: Caller, scope: Scope, id: string) {
  return context.db.transaction(async (tx) => {
    const [gone] = await tx.delete(webhookEndpoint).where(oneInScope(id, scope)).returning({ url: webhookEndpoint.url });
    if (!gone) throw apiError('NOT_FOUND', context.t('webhooks:errors.notFound'));
    await recordAuditEvent(tx, { ...actingIn(context), action: 'webhook.deleted', target: { type: 'webhook', id, label: gone.url } });
    return { id };
  });
}

async function listDeliveries(context: Caller, scope: Scope, input: z.output<typeof deliveryListInputSchema>) {
  await endpointOr404(context.db, input.id, scope, context.t);
  let after: SQL | undefined;
  if (input.before) {
    const [last] = await context.db
      .select({ createdAt: webhookDelivery.createdAt })
      .from(webhookDelivery)
      .where(and(eq(webhookDelivery.id, input.before), eq(webhookDelivery.endpointId, input.id)));
    if (!last) throw apiError('NOT_FOUND', context.t('webhooks:errors.deliveryNotFound'));
    after = or(
      lt(webhookDelivery.createdAt, last.createdAt),
      and(eq(webhookDelivery.createdAt, last.createdAt), lt(webhookDelivery.id, input.before)),
    );
  }
  const rows = await context.db
    .select()
    .from(webhookDelivery)
    .where(and(eq(webhookDelivery.endpointId, input.id), after))
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(input.limit + 1);
  const items = rows.slice(0, input.limit).map(({ endpointId: _endpointId, ...delivery }) => delivery);
  return { items, nextBefore: rows.length > input.limit ? items.at(-1)!.id : null };
}

async function resendDelivery(context: Caller, scope: Scope, input: z.output<typeof deliveryIdSchema>) {
  const endpoint = await ownerOr404(context.db, input.id, scope, context.t);
  await checkManualBudget(context, scope, endpoint);
  return context.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: webhookDelivery.id })
      .from(webhookDelivery)
      .where(and(eq(webhookDelivery.id, input.deliveryId), eq(webhookDelivery.endpointId, input.id)));
    if (!found) throw apiError('NOT_FOUND', context.t('webhooks:errors.deliveryNotFound'));
    await requeueDelivery(tx, endpoint, input.deliveryId);
    return { id: input.deliveryId };
  });
}

async function sendTest(context: Caller, scope: Scope, id: string) {
  const endpoint = await ownerOr404(context.db, id, scope, context.t);
  await checkManualBudget(context, scope, endpoint);
  const [delivery] = await context.db.transaction((tx) => queueDeliveries(tx, [endpoint], testEvent(id), true));
  return { id: delivery! };
}

const deliveryPage = z.object({ items: z.array(webhookDeliverySchema), nextBefore: z.string().nullable() });

export const webhooksRouter = {
  list: base
    .meta({ permission: { webhook: ['list'] } })
    .route({ method: 'GET', path: '/webhooks', summary: "The product's webhook endpoints, newest first", tags: ['webhooks'] })
    .input(z.object({}).optional())
    .output(z.array(webhookSchema))
    .handler(({ context }) => listEndpoints(context.db, null)),

  get: base
    .meta({ permission: { webhook: ['list'] } })
    .route({ method: 'GET', path: '/webhooks/{id}', summary: 'One webhook endpoint', tags: ['webhooks'] })
    .input(webhookIdSchema)
    .output(webhookSchema)
    .handler(({ input, context }) => endpointOr404(context.db, input.id, null, context.t)),

  create: base
    .meta({ permission: { webhook: ['manage'] } })
    .route({
      method: 'POST',
      path: '/webhooks',
      successStatus: 201,
      summary: 'Register an endpoint; its signing secret is in this answer only',
      tags: ['webhooks'],
    })
    .input(webhookInputSchema)
    .output(createdWebhookSchema)
    .handler(({ input, context }) => createEndpoint(context, null, input)),

  update: base
    .meta({ permission: { webhook: ['manage'] } })
    .route({
      method: 'PATCH',
      path: '/webhooks/{id}',
      summary: 'Change an endpoint: its address, events, description, or on/off',
      tags: ['webhooks'],
    })
    .input(webhookUpdateSchema)
    .output(webhookSchema)
    .handler(({ input, context }) => updateEndpoint(context, null, input)),

  delete: base
    .meta({ permission: { webhook: ['manage'] } })
    .route({ method: 'DELETE', path: '/webhooks/{id}', summary: 'Delete an endpoint and its delivery log', tags: ['webhooks'] })
    .input(webhookIdSchema)
    .output(z.object({ id: z.string() }))
    .handler(({ input, context }) => deleteEndpoint(context, null, input.id)),

  deliveries: base
    .meta({ permission: { webhook: ['list'] } })
    .route({ method: 'GET', path: '/webhooks/{id}/deliveries', summary: "An endpoint's deliveries, newest first", tags: ['webhooks'] })
    .input(deliveryListInputSchema)
    .output(deliveryPage)
    .handler(({ input, context }) => listDeliveries(context, null, input)),

  resend: base
    .meta({ permission: { webhook: ['manage'] } })
    .route({
      method: 'POST',
      path: '/webhooks/{id}/deliveries/{deliveryId}/resend',
      summary: 'Send a delivery again: the same id and body, from a first attempt',
      tags: ['webhooks'],
    })
    .input(deliveryIdSchema)
    .output(z.object({ id: z.string() }))
    .handler(({ input, context }) => resendDelivery(context, null, input)),

  test: base
    .meta({ permission: { webhook: ['manage'] } })
    .route({ method: 'POST', path: '/webhooks/{id}/test', summary: 'Send a webhook.test event to this endpoint only', tags: ['webhooks'] })
    .input(webhookIdSchema)
    .output(z.object({ id: z.string() }))
    .handler(({ input, context }) => sendTest(context, null, input.id)),

  organization: organizationWebhooks(),
};

/** The same, for one organisation's owners, under /organizations/{slug}/webhooks. */
function organizationWebhooks() {
  const slug = { slug: clientString().min(1).max(100) };
  // An owner of the organisation named in the path; a member who is not gets 403, anyone else 404 (the one
  // middleware, src/server/rpc.ts).
  // The organisation's own API key: with the grant to read them, or to manage them (decision 103).
  const may = { right: 'manageWebhooks', refused: 'webhooks:errors.ownersOnly' } as const;
  const reader = inOrganization({ from: 'slug', may, key: { organizationWebhook: ['read'] } });
  const owner = inOrganization({ from: 'slug', may, key: { organizationWebhook: ['manage'] } });
  const tags = ['organizations'];
  return {
    list: reader
      .route({ method: 'GET', path: '/organizations/{slug}/webhooks', summary: "An organisation's webhook endpoints", tags })
      .input(z.strictObject(slug))
      .output(z.array(webhookSchema))
      .handler(({ context }) => listEndpoints(context.db, context.organization.id)),
    get: reader
      .route({ method: 'GET', path: '/organizations/{slug}/webhooks/{id}', summary: "One of an organisation's webhook endpoints", tags })
      .input(webhookIdSchema.extend(slug))
      .output(webhookSchema)
      .handler(({ input, context }) => endpointOr404(context.db, input.id, context.organization.id, context.t)),
    create: owner
      .route({
        method: 'POST',
        path: '/organizations/{slug}/webhooks',
        successStatus: 201,
        summary: 'Register an endpoint for the organisation',
        tags,
      })
      .input(webhookInputSchema.extend(slug))
      .output(createdWebhookSchema)
      .handler(({ input: { slug: _slug, ...input }, context }) => createEndpoint(context, context.organization.id, input)),
    update: owner
      .route({ method: 'PATCH', path: '/organizations/{slug}/webhooks/{id}', summary: "Change one of an organisation's endpoints", tags })
      .input(webhookUpdateSchema.extend(slug))
      .output(webhookSchema)
      .handler(({ input: { slug: _slug, ...input }, context }) => updateEndpoint(context, context.organization.id, input)),
    delete: owner
      .route({ method: 'DELETE', path: '/organizations/{slug}/webhooks/{id}', summary: "Delete one of an organisation's endpoints", tags })
      .input(webhookIdSchema.extend(slug))
      .output(z.object({ id: z.string() }))
      .handler(({ input, context }) => deleteEndpoint(context, context.organization.id, input.id)),
    deliveries: reader
      .route({
        method: 'GET',
        path: '/organizations/{slug}/webhooks/{id}/deliveries',
        summary: "An organisation endpoint's deliveries",
        tags,
      })
      .input(deliveryListInputSchema.extend(slug))
      .output(deliveryPage)
      .handler(({ input: { slug: _slug, ...input }, context }) => listDeliveries(context, context.organization.id, input)),
    resend: owner
      .route({
        method: 'POST',
        path: '/organizations/{slug}/webhooks/{id}/deliveries/{deliveryId}/resend',
        summary: 'Send a delivery again',
        tags,
      })
      .input(deliveryIdSchema.extend(slug))
      .output(z.object({ id: z.string() }))
      .handler(({ input: { slug: _slug, ...input }, context }) => resendDelivery(context, context.organization.id, input)),
    test: owner
      .route({
        method: 'POST',
        path: '/organizations/{slug}/webhooks/{id}/test',
        summary: 'Send a webhook.test event to this endpoint',
        tags,
      })
      .input(webhookIdSchema.extend(slug))
      .output(z.object({ id: z.string() }))
      .handler(({ input, context }) => sendTest(context, context.organization.id, input.id)),
  };
}
