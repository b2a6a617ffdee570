import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The translated message for a Better Auth (or our API's) error code, with its own message as
 * fallback. The messages (`authErrors`, the largest namespace) load once a page that can show one
 * has rendered, not with the first load's entry; until then the error's own message shows.
 */
export function useAuthErrorMessage() {
  const { i18n } = useTranslation();
  useEffect(() => {
    void i18n.loadNamespaces('authErrors');
  }, [i18n]);
  return (error: { code?: string | undefined; message?: string | undefined } | null | undefined) => {
    const code = error?.code;
    if (code && i18n.exists(code, { ns: 'authErrors' })) return i18n.t(code as 'UNKNOWN_ERROR', { ns: 'authErrors' });
    return error?.message || i18n.t('UNKNOWN_ERROR', { ns: 'authErrors', defaultValue: 'Something went wrong' });
  };
}
