// Import `z` from here, never from 'zod': Zod's JIT probes `new Function`, which the
// Content-Security-Policy refuses, so jitless must be set before any schema is built.
import { z } from 'zod';
import { hasControlCharacters } from './text.ts';

z.config({ jitless: true });
// Imported on demand: the CLI scripts (db:seed) that run this file in plain Node cannot load the
// i18n set-up, and in the browser it is already loaded.
if (typeof document !== 'undefined') {
  void Promise.all([import('./i18n/browser'), import('./i18n/zod-errors')]).then(([{ browserI18n }, { zodErrorMap }]) => {
    z.config({ customError: zodErrorMap(browserI18n) });
    void browserI18n().loadNamespaces('zod');
  });
}

// Control characters are refused: PostgreSQL refuses NUL (a 500 otherwise), and no field means the others.
export const clientString = () => z.string().refine((value) => !hasControlCharacters(value), { error: 'zod:control_characters' });

export { z };
