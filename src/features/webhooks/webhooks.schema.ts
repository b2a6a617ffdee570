// Webhook endpoints and their deliveries (docs/decisions/074-webhooks.md). Messages are `webhooks` keys.
import { WEBHOOK_EVENTS } from '#/lib/webhook-events';
import { clientString, z } from '#/lib/zod';

export const WEBHOOK_DESCRIPTION_MAX = 200;

export const webhookInputSchema = z.strictObject({
  url: clientString()
    .trim()
    .min(1, { error: 'webhooks:errors.WEBHOOK_URL_INVALID' })
    .max(2000, { error: 'webhooks:errors.WEBHOOK_URL_INVALID' }),
  description: clientString().trim().max(WEBHOOK_DESCRIPTION_MAX, { error: 'webhooks:errors.descriptionTooLong' }).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, { error: 'webhooks:errors.eventsRequired' })
    .transform((events) => [...new Set(events)]),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookUpdateSchema = webhookInputSchema.partial().extend({
  id: clientString().min(1).max(100),
  enabled: z.boolean().optional(),
});

/** Never its secret, after the answer that made it. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Since a delivery gave up; null once one arrives. */
  failingSince: z.date().nullable(),
  createdAt: z.date(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  responseMs: z.number().int().nullable(),
  error: z.string().nullable(),
  lastAttemptAt: z.date().nullable(),
  createdAt: z.date(),
  /** The exact JSON body sent. */
  body: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookIdSchema = z.strictObject({ id: clientString().min(1).max(100) });
export const deliveryIdSchema = z.strictObject({ id: clientString().min(1).max(100), deliveryId: clientString().min(1).max(100) });
export const deliveryListInputSchema = z.strictObject({
  id: clientString().min(1).max(100),
  /** The last delivery of the previous page (newest first). */
  before: clientString().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
