/** /invitations/{id}: the recipient accepts or declines; any other case shows its own message. */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { AuthLayout } from '#/features/auth/auth-layout';
import { authClient } from '#/features/auth/auth-client';
import { SignOutDialog } from '#/features/auth/sign-out';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { useDates } from '#/lib/i18n/use-dates';
import { invitationQuery } from './organizations.queries';
import type { InvitationState } from './organizations.schema';
import { useOrganizationAction } from './use-organization-action';
import { isolatedSentence } from '#/components/isolated-sentence';

const route = getRouteApi('/invitations/$id');

const MESSAGES: Record<Exclude<InvitationState, 'pending'>, string> = {
  'wrong-recipient': 'invitation.wrongRecipient',
  expired: 'invitation.expired',
  canceled: 'invitation.canceled',
  accepted: 'invitation.used',
  rejected: 'invitation.rejected',
  'not-found': 'invitation.notFound',
};

export function PageInvitation() {
  const { t } = useTranslation('organizations');
  const dates = useDates();
  const { id } = route.useParams();
  const { data: invitation } = useQuery(invitationQuery(id));
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { run, pending } = useOrganizationAction();
  const [signingOut, setSigningOut] = useState(false);
  if (!invitation) return null;
  const role = invitation.role ? t(`roles.${invitation.role}` as 'roles.member', { defaultValue: invitation.role }) : '';

  return (
    // The card the sign-in pages wear: an invitation is where a newcomer meets the product.
    <AuthLayout title={t('invitation.title')}>
      {invitation.state === 'pending' ? (
        <>
          <p data-testid="invitation-message" className="text-center">
            {isolatedSentence((word) =>
              t('invitation.pending', {
                inviter: word(invitation.inviterName ?? ''),
                organization: word(invitation.organizationName ?? ''),
                role,
              }),
            )}
          </p>
          {invitation.expiresAt && (
            <p className="text-center text-sm text-muted-foreground">
              {t('invitation.expires', { date: dates.dateTime(invitation.expiresAt) })}
            </p>
          )}
          <div className="flex flex-col gap-2">
            <Button
              disabled={pending}
              onClick={async () => {
                const accepted = await run(
                  () => authClient.organization.acceptInvitation({ invitationId: id }),
                  isolatedSentence((word) => t('invitation.accepted', { organization: word(invitation.organizationName ?? '') })),
                );
                if (accepted && invitation.organizationSlug)
                  await navigate({ to: '/app/organizations/$slug', params: { slug: invitation.organizationSlug } });
              }}
            >
              {t('invitation.accept')}
            </Button>
            <Button
              variant="secondary"
              disabled={pending}
              onClick={() => void run(() => authClient.organization.rejectInvitation({ invitationId: id }), t('invitation.declined'))}
            >
              {t('invitation.decline')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p data-testid="invitation-message" role="status" className="text-center">
            {t(MESSAGES[invitation.state] as 'invitation.expired')}
          </p>
          {invitation.state === 'wrong-recipient' && user && (
            <div className="flex flex-wrap items-center justify-center gap-2">
              <bdi className="text-sm text-muted-foreground">{user.email}</bdi>
              <Button variant="secondary" size="sm" onClick={() => setSigningOut(true)}>
                {t('invitation.signOut')}
              </Button>
              <SignOutDialog open={signingOut} onOpenChange={setSigningOut} />
            </div>
          )}
          {invitation.state === 'accepted' && invitation.organizationSlug ? (
            <Link
              to="/app/organizations/$slug"
              params={{ slug: invitation.organizationSlug }}
              className="text-center underline underline-offset-4"
            >
              {isolatedSentence((word) => t('invitation.goToOrganization', { organization: word(invitation.organizationName ?? '') }))}
            </Link>
          ) : (
            <Link to="/app" className="text-center underline underline-offset-4">
              {t('actions.home', { ns: 'common' })}
            </Link>
          )}
        </>
      )}
    </AuthLayout>
  );
}
