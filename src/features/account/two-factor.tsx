// Two-factor authentication on the account page (docs/decisions/094-a-second-factor-on-every-way-in.md): an
// authenticator app set up from a QR code or its secret, confirmed by a first code; recovery codes shown once,
// to keep or download, renewed on demand; turned off. Each through Better Auth's two-factor endpoints.
import { SettingsSection } from '#/components/settings-section';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { ResponsiveDialog } from '#/components/ui/responsive-dialog';
import { toast } from '#/components/ui/toast';
import { authClient } from '#/features/auth/auth-client';
import { codeSchema, OTP_LENGTH } from '#/features/auth/auth.schema';
import { refreshSession } from '#/features/auth/session';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { handledGlobally } from '#/lib/demo-mode-events';
import { withRecentSignInResult } from '#/lib/reauthentication-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';
import { ownActivityQuery } from './account.queries';

type Refusal = { code?: string; message?: string; status: number };

/** Better Auth's two-factor endpoints, through the auth client's fetch (its retries, the demo dialog). */
async function post<T = unknown>(
  path: string,
  body: Record<string, unknown> = {},
): Promise<{ data: T; error: null } | { data: null; error: Refusal }> {
  const { data, error } = await authClient.$fetch<T>(path, { method: 'POST', body });
  return error ? { data: null, error: error as Refusal } : { data: data as T, error: null };
}

/** The secret in groups of four, as authenticator apps show and take it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('account');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('twoFactor.fileHeading')}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">{t('twoFactor.recoveryCodesDescription')}</p>
      <ul data-testid="recovery-codes" dir="ltr" className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div>
        <Button variant="secondary" onClick={download}>
          {t('twoFactor.download')}
        </Button>
      </div>
    </div>
  );
}

type SetUp = { uri: string; secret: string; recoveryCodes: string[] };

function SetUpDialog({ setUp, onClose }: { setUp: SetUp | null; onClose: () => void }) {
  const { t } = useTranslation(['account', 'auth', 'common']);
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const close = () => {
    setCode('');
    setError(undefined);
    setConfirmed(false);
    onClose();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = codeSchema.safeParse(code);
    if (!checked.success) return setError(t(checked.error.issues[0]!.message as 'validation.codeRequired', { ns: 'auth' }));
    setPending(true);
    const { error: refused } = await post('/two-factor/verify-totp', { code: checked.data });
    setPending(false);
    if (refused) {
      if (!handledGlobally(refused)) setError(errorMessage(refused));
      return;
    }
    setConfirmed(true);
    toast.success(t('twoFactor.enabled'));
    await Promise.all([refreshSession(queryClient), queryClient.invalidateQueries({ queryKey: ownActivityQuery.queryKey })]);
  };
  return (
    <ResponsiveDialog
      open={setUp !== null}
      onOpenChange={(open) => !open && close()}
      title={confirmed ? t('twoFactor.recoveryCodesTitle') : t('twoFactor.setUpTitle')}
      description={confirmed ? undefined : t('twoFactor.setUpDescription')}
    >
      {setUp && confirmed && (
        <div className="flex flex-col gap-4">
          <RecoveryCodes codes={setUp.recoveryCodes} />
          <div className="flex justify-end">
            <Button onClick={close}>{t('twoFactor.done')}</Button>
          </div>
        </div>
      )}
      {setUp && !confirmed && (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
          {/* White around it in both themes: a scanner needs the contrast. */}
          <div className="self-center rounded-md bg-white p-3">
            <QRCodeSVG value={setUp.uri} size={176} title={t('twoFactor.qrLabel')} />
          </div>
          <div className="flex flex-col gap-1 text-sm">
            <span className="text-muted-foreground">{t('twoFactor.secretLabel')}</span>
            <code data-testid="two-factor-secret" dir="ltr" className="rounded-md border p-2 font-mono break-all select-all">
              {grouped(setUp.secret)}
            </code>
          </div>
          <Field label={t('twoFactor.codeLabel')} error={error}>
            {(ids) => (
              <Input
                {...ids}
                dir="ltr"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={OTP_LENGTH}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" disabled={pending}>
              {t('twoFactor.confirm')}
            </Button>
          </div>
        </form>
      )}
    </ResponsiveDialog>
  );
}

export function TwoFactor() {
  const { t } = useTranslation(['account', 'common']);
  const errorMessage = useAuthErrorMessage();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const impersonating = Boolean(user?.impersonatedBy);
  const on = Boolean(user?.twoFactorEnabled);
  const [setUp, setSetUp] = useState<SetUp | null>(null);
  const [confirm, setConfirm] = useState<'off' | 'renew' | null>(null);
  const [renewed, setRenewed] = useState<string[] | null>(null);
  const [pending, setPending] = useState(false);

  const refused = (error: Refusal, title: string) => {
    if (handledGlobally(error)) return;
    toast.error(title, { description: errorMessage(error) });
  };
  const afterChange = () =>
    Promise.all([refreshSession(queryClient), queryClient.invalidateQueries({ queryKey: ownActivityQuery.queryKey })]);

  const start = async () => {
    setPending(true);
    const { data, error } = await withRecentSignInResult(() => post<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable'));
    setPending(false);
    if (error) return refused(error, t('twoFactor.setUpFailed'));
    const secret = new URL(data.totpURI).searchParams.get('secret') ?? '';
    setSetUp({ uri: data.totpURI, secret, recoveryCodes: data.backupCodes });
  };
  const turnOff = async () => {
    setPending(true);
    const { error } = await withRecentSignInResult(() => post('/two-factor/disable'));
    setPending(false);
    setConfirm(null);
    if (error) return refused(error, t('twoFactor.turnOffFailed'));
    toast.success(t('twoFactor.turnedOff'));
    await afterChange();
  };
  const renew = async () => {
    setPending(true);
    const { data, error } = await withRecentSignInResult(() => post<{ backupCodes: string[] }>('/two-factor/generate-backup-codes'));
    setPending(false);
    setConfirm(null);
    if (error) return refused(error, t('twoFactor.renewFailed'));
    setRenewed(data.backupCodes);
    await afterChange();
  };

  return (
    <SettingsSection
      id="two-factor"
      title={t('twoFactor.title')}
      badge={
        <Badge variant={on ? 'success' : 'neutral'} data-testid="two-factor-status">
          {on ? t('twoFactor.on') : t('twoFactor.off')}
        </Badge>
      }
      description={on ? t('twoFactor.descriptionOn') : t('twoFactor.description')}
    >
      {user?.twoFactorSetUpRequired && (
        <p role="status" className="rounded-md border border-warning/40 p-3 text-sm">
          {t('twoFactor.required')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {on ? (
          <>
            <Button variant="secondary" disabled={impersonating || pending} onClick={() => setConfirm('renew')}>
              {t('twoFactor.renew')}
            </Button>
            <Button variant="secondary" disabled={impersonating || pending} onClick={() => setConfirm('off')}>
              {t('twoFactor.turnOff')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" disabled={impersonating || pending} onClick={() => void start()}>
            {t('twoFactor.setUp')}
          </Button>
        )}
      </div>
      {impersonating && (
        <p className="text-sm text-muted-foreground">{errorMessage({ code: 'YOU_CANNOT_CHANGE_TWO_FACTOR_WHILE_IMPERSONATING' })}</p>
      )}
      <SetUpDialog setUp={setUp} onClose={() => setSetUp(null)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === 'off' ? t('twoFactor.turnOffTitle') : t('twoFactor.renewTitle')}
        description={confirm === 'off' ? t('twoFactor.turnOffDescription') : t('twoFactor.renewDescription')}
        confirmLabel={confirm === 'off' ? t('twoFactor.turnOff') : t('twoFactor.renew')}
        pending={pending}
        onConfirm={() => void (confirm === 'off' ? turnOff() : renew())}
      />
      <ResponsiveDialog
        open={renewed !== null}
        onOpenChange={(open) => !open && setRenewed(null)}
        title={t('twoFactor.recoveryCodesTitle')}
      >
        {renewed && (
          <div className="flex flex-col gap-4">
            <RecoveryCodes codes={renewed} />
            <div className="flex justify-end">
              <Button onClick={() => setRenewed(null)}>{t('twoFactor.done')}</Button>
            </div>
          </div>
        )}
      </ResponsiveDialog>
    </SettingsSection>
  );
}
