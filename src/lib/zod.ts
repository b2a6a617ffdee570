/**
 * Zod, configured: import `z` from here, never from 'zod' directly (lint enforces it). Importing
 * this module runs the configuration before any schema is built: Zod's JIT probes `new Function`,
 * which the Content-Security-Policy refuses (and reports). Jitless validation is fast enough here.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
