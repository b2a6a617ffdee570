/**
 * Zod, configured: import `z` from here, never from 'zod' directly (lint enforces it). Importing
 * this module runs the configuration before any schema is built: Zod's JIT probes `new Function`,
 * which the Content-Security-Policy refuses (and reports). Jitless validation is fast enough here.
 */
import { z } from 'zod';
import { hasControlCharacters } from './text.ts';

z.config({ jitless: true });
// In the browser, generic messages speak the interface language. Zod loads with the first page
// that validates a form (not on every first load), so it is configured here, not at start-up.
// Imported on demand: the i18n set-up is already loaded in the browser (it resolves at once), and
// the CLI scripts (db:seed) that run this file in plain Node cannot load it.
if (typeof document !== 'undefined') {
  void Promise.all([import('./i18n/browser'), import('./i18n/zod-errors')]).then(([{ browserI18n }, { zodErrorMap }]) => {
    z.config({ customError: zodErrorMap(browserI18n) });
    void browserI18n().loadNamespaces('zod');
  });
}

/**
 * A string from a client. Control characters are refused with `zod:control_characters`: PostgreSQL
 * refuses NUL (a 500 otherwise), and no field means the others. Every text input of the APIs is one.
 */
export const clientString = () => z.string().refine((value) => !hasControlCharacters(value), { error: 'zod:control_characters' });

export { z };
