import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

// `authErrors`, the largest namespace, is not in the entry: until it loads, the error's own message shows.
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
