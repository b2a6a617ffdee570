import { StartClient } from '@tanstack/react-start/client';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { browserI18n } from '#/lib/i18n/browser';

// A deploy can remove the chunks an open tab still points to: reload once per failing import.
window.addEventListener('vite:preloadError', (event) => {
  const key = `reloaded-after:${(event as Event & { payload?: Error }).payload?.message ?? 'import'}`;
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  event.preventDefault();
  window.location.reload();
});

// Hydrate with the same language resources the server rendered with.
const i18n = browserI18n();
await i18n.loadLanguages(i18n.language);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
  );
});
