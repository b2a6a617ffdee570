// The sign-in page's line for someone who followed an invitation's link while signed out: who invited
// them to which organisation, as the invitation's e-mail said. Only for a pending, unexpired one.
import { createServerFn } from '@tanstack/react-start';

export interface InvitationNotice {
  inviter: string;
  organization: string;
}

/** `/invitations/{id}`, the only redirect that has a notice. */
export function invitationIdIn(redirect: string): string | null {
  return /^\/invitations\/([0-9A-Za-z-]{1,100})$/.exec(redirect)?.[1] ?? null;
}

export const getInvitationNotice = createServerFn({ method: 'GET' })
  // Not zod: the sign-in page's bundle stays without it.
  .validator((id: unknown) => (typeof id === 'string' && invitationIdIn(`/invitations/${id}`) ? id : ''))
  .handler(async ({ data: id }): Promise<InvitationNotice | null> => {
    if (!id) return null;
    const [{ and, eq, gt }, { database }, { invitation, organization, user }] = await Promise.all([
      import('drizzle-orm'),
      import('#/server/db/index.ts'),
      import('#/server/db/schema.ts'),
    ]);
    const db = await database();
    const [row] = await db
      .select({ inviterName: user.name, inviterEmail: user.email, organization: organization.name })
      .from(invitation)
      .innerJoin(organization, eq(organization.id, invitation.organizationId))
      .innerJoin(user, eq(user.id, invitation.inviterId))
      .where(and(eq(invitation.id, id), eq(invitation.status, 'pending'), gt(invitation.expiresAt, new Date())))
      .limit(1);
    return row ? { inviter: row.inviterName || row.inviterEmail, organization: row.organization } : null;
  });
