/**
 * What the audit log records (decision 036): one action name per kind of event. Pure data, read by
 * the server (recording, filtering) and the browser (the filter, the translated names).
 */
export const AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-out',
  'auth.code-requested',
  'auth.wrong-code',
  'auth.sign-in-refused',
  'account.onboarded',
  'account.updated',
  'account.deleted',
  'session.revoked',
  'impersonation.started',
  'impersonation.stopped',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.role-changed',
  'user.banned',
  'user.unbanned',
  'book.created',
  'book.updated',
  'book.deleted',
  'genre.created',
  'genre.updated',
  'genre.deleted',
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'member.added',
  'member.updated',
  'member.removed',
  'member.left',
  'invitation.created',
  'invitation.accepted',
  'invitation.rejected',
  'invitation.canceled',
  'team.created',
  'team.updated',
  'team.deleted',
  'team.member-added',
  'team.member-removed',
  'shelf.added',
  'shelf.removed',
  'picture.updated',
  'picture.removed',
  'demo.refused',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an event is about. */
export const AUDIT_TARGET_TYPES = ['user', 'book', 'genre', 'session', 'organization', 'member', 'invitation', 'team'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
