import type { AuditAction } from './audit-actions.ts';

/** What an endpoint may subscribe to, sent as the audit log records them (src/server/webhooks/emit.ts). */
export const WEBHOOK_EVENTS = [
  // example:start
  'book.created',
  'book.updated',
  'book.deleted',
  // example:end
  'member.added',
  'member.removed',
  'user.banned',
] as const satisfies ReadonlyArray<AuditAction>;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The audit actions each event is sent for: joining by invitation adds a member, leaving removes one. */
export const WEBHOOK_SOURCES: Readonly<Partial<Record<AuditAction, WebhookEvent>>> = {
  // example:start
  'book.created': 'book.created',
  'book.updated': 'book.updated',
  'book.deleted': 'book.deleted',
  // example:end
  'member.added': 'member.added',
  'invitation.accepted': 'member.added',
  'member.removed': 'member.removed',
  'member.left': 'member.removed',
  'user.banned': 'user.banned',
};

/** What an organisation's endpoint may subscribe to: its own members' comings and goings. */
export const ORGANIZATION_WEBHOOK_EVENTS = ['member.added', 'member.removed'] as const satisfies ReadonlyArray<WebhookEvent>;

/** "Send test event": to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * What a delivery's log says of an attempt that got no answer: a fixed code, translated by the page. The detail (what
 * DNS answered, the socket's error) goes to the server's log only: shown, it would let any owner map internal names.
 */
export const DELIVERY_PROBLEMS = [
  'WEBHOOK_URL_INVALID',
  'WEBHOOK_HTTPS_REQUIRED',
  'WEBHOOK_PORT_NOT_ALLOWED',
  'WEBHOOK_PRIVATE_ADDRESS',
  'WEBHOOK_NAME_NOT_RESOLVED',
  'WEBHOOK_TIMEOUT',
  'WEBHOOK_CONNECTION_REFUSED',
  'WEBHOOK_TLS_FAILED',
  'WEBHOOK_CONNECTION_FAILED',
] as const;
export type DeliveryProblem = (typeof DELIVERY_PROBLEMS)[number];
