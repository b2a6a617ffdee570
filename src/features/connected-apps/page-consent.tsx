/**
 * /oauth/consent: an MCP client asks to act as the person (docs/decisions/105-agents-signed-in-with-oauth.md). The
 * card names the client, what it will be able to do (what the person's role holds on each resource it asked for),
 * for how long, and where the answer goes; Allow or Deny posts the plugin's signed query back to it, whose answer
 * is the client's address with a code, or with `access_denied`.
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { CheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrantLine } from '#/components/api-key-list';
import { isolatedSentence } from '#/components/isolated-sentence';
import { Button } from '#/components/ui/button';
import { AuthLayout } from '#/features/auth/auth-layout';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { isolated } from '#/lib/text';
import { withRecentSignIn } from '#/lib/reauthentication-events';
import { consentRequestQuery } from './connected-apps.queries';

const route = getRouteApi('/oauth/consent');

/** The plugin's answer: where the browser goes next, or a refusal with our translated message. */
type Answer = { url?: string; redirect_uri?: string; code?: string; message?: string };

export function PageConsent() {
  const { t } = useTranslation('account');
  const grantLine = useGrantLine();
  const search = route.useSearch();
  const { oauthQuery } = route.useLoaderData();
  const { data: request } = useQuery({ ...consentRequestQuery(search), enabled: Boolean(search.client_id) });
  const user = useCurrentUser();
  const [pending, setPending] = useState(false);
  // The server's translated refusal (an administrator acting as the person), or why nothing came back.
  const [failure, setFailure] = useState<string | null>(null);
  if (!search.client_id) {
    return (
      <AuthLayout title={t('connectedApps.title')}>
        <p role="status" className="text-center">
          {t('consent.missing')}
        </p>
      </AuthLayout>
    );
  }
  if (!request) return null;

  async function answer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const accept = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'allow';
    setPending(true);
    setFailure(null);
    // The query exactly as the plugin signed it, read before the router rewrote the address (./oauth-query.ts).
    // Allowing needs a recent sign-in, as making a key does: "Confirm it's you" opens, then it is sent again.
    const send = async () => {
      const response = await fetch('/api/auth/oauth2/consent', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accept, oauth_query: oauthQuery }),
      });
      const body = (await response.json().catch(() => null)) as Answer | null;
      if (!response.ok) throw Object.assign(new Error(body?.code ?? String(response.status)), { code: body?.code, answer: body });
      return body;
    };
    const body = await withRecentSignIn(send).catch((error: { answer?: Answer | null }) => error.answer ?? null);
    const next = body?.url ?? body?.redirect_uri;
    if (next) {
      window.location.assign(next);
      return;
    }
    setPending(false);
    setFailure(body?.message ?? t('consent.failed'));
  }

  return (
    <AuthLayout
      title={t('consent.title', { name: isolated(request.name) })}
      description={isolatedSentence((word) => t('consent.description', { name: word(request.name) }))}
    >
      {user && (
        <p className="text-center text-sm text-muted-foreground">
          {isolatedSentence((word) => t('consent.signedInAs', { email: word(user.email) }))}
        </p>
      )}
      <section aria-labelledby="consent-grants" className="flex flex-col gap-3 rounded-lg border p-4">
        <h2 id="consent-grants" className="text-sm font-medium">
          {t('consent.willBeAbleTo')}
        </h2>
        {request.grants.length ? (
          <ul data-testid="consent-grants" className="flex flex-col gap-2 text-sm">
            {request.grants.map(({ resource, actions }) => (
              <li key={resource} className="flex items-start gap-2">
                <CheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                <span>{grantLine(resource, actions)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('consent.nothing')}</p>
        )}
        <p className="text-sm text-muted-foreground">{request.offline ? t('consent.offline') : t('consent.hour')}</p>
      </section>
      <form onSubmit={(event) => void answer(event)} className="flex flex-col gap-2">
        <Button type="submit" value="allow" disabled={pending}>
          {t('consent.allow')}
        </Button>
        <Button type="submit" value="deny" variant="secondary" disabled={pending}>
          {t('consent.deny')}
        </Button>
      </form>
      {failure && (
        <p role="alert" className="text-center text-sm text-destructive">
          {failure}
        </p>
      )}
      <p className="text-center text-xs text-muted-foreground">
        {request.redirectHost && <>{isolatedSentence((word) => t('consent.returnsTo', { host: word(request.redirectHost ?? '') }))} </>}
        {t('consent.revokeHint')}
      </p>
    </AuthLayout>
  );
}
