// Imported first by the browser entry: Zod's JIT probes `new Function` the first time a schema is
// built or parsed, which the CSP refuses (and reports). Jitless validation is plenty fast here.
import { z } from 'zod';

z.config({ jitless: true });
