/**
 * Zod, configured: import `z` from here, never from 'zod' directly (lint enforces it). Importing
 * this module runs the configuration before any schema is built: Zod's JIT probes `new Function`,
 * which the Content-Security-Policy refuses (and reports). Jitless validation is fast enough here.
 */
import { z } from 'zod';
import { browserI18n } from './i18n/browser';
import { zodErrorMap } from './i18n/zod-errors';

z.config({ jitless: true });
// In the browser, generic messages speak the interface language. Zod loads with the first page
// that validates a form (not on every first load), so it is configured here, not at start-up.
if (typeof document !== 'undefined') {
  z.config({ customError: zodErrorMap(browserI18n) });
  void browserI18n().loadNamespaces('zod');
}

export { z };
