import type { AuditAction } from './audit-actions.ts';

/** What an endpoint may subscribe to, sent as the audit log records them (src/server/webhooks/emit.ts). */
export const WEBHOOK_EVENTS = [
  'book.created',
  'book.updated',
  'book.deleted',
  'member.added',
  'member.removed',
  'user.banned',
] as const satisfies ReadonlyArray<AuditAction>;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The audit actions each event is sent for: joining by invitation adds a member, leaving removes one. */
export const WEBHOOK_SOURCES: Readonly<Partial<Record<AuditAction, WebhookEvent>>> = {
  'book.created': 'book.created',
  'book.updated': 'book.updated',
  'book.deleted': 'book.deleted',
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
