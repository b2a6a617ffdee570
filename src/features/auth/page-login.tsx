import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Sign-in page. The e-mail code flow arrives with the authentication issue; this is the shell. */
export function PageLogin() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  return (
    <main id="main" className="mx-auto flex min-h-[80dvh] max-w-sm flex-col justify-center gap-6 p-6">
      <h1 className="text-2xl font-bold">{t('login.title')}</h1>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('login.email')}
        <input
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="rounded-md border border-neutral-300 px-3 py-2 text-base dark:border-neutral-700 dark:bg-neutral-900"
        />
      </label>
    </main>
  );
}
