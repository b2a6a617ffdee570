// `node --experimental-strip-types bench/replicas.ts` (after `npm run build`): the read replicas' step of
// `npm run bench` alone (bench/lib/replicas.ts), its figures printed as `name: value unit`.
import * as progress from './lib/progress.ts';
import { measureReplicas, replicasUnavailable } from './lib/replicas.ts';

const unavailable = replicasUnavailable();
if (unavailable) throw new Error(unavailable);
progress.planSteps(3);
await measureReplicas((name, value, unit) => progress.print(`${name}: ${value}${unit ? ` ${unit}` : ''}`));
progress.done();
