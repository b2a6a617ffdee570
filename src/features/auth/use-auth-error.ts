import { useTranslation } from 'react-i18next';

/** The translated message for a Better Auth (or our API's) error code, with its own message as fallback. */
export function useAuthErrorMessage() {
  const { t, i18n } = useTranslation('authErrors');
  return (error: { code?: string | undefined; message?: string | undefined } | null | undefined) => {
    const code = error?.code;
    if (code && i18n.exists(code, { ns: 'authErrors' })) return t(code as 'UNKNOWN_ERROR');
    return error?.message || t('UNKNOWN_ERROR');
  };
}
