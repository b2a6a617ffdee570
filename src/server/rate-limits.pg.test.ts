import { describeOnPostgres } from '../../tests/support/on-postgres.ts';
import { rateLimitSuite } from '../../tests/support/rate-limit-suite.ts';

await describeOnPostgres(rateLimitSuite);
