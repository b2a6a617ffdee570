import { describeOnPostgres } from '../../tests/support/on-postgres.ts';
import { rateLimitSuite } from '../../tests/support/rate-limit-suite.ts';

// The same tests on a real PostgreSQL server (TEST_DATABASE_URL).
await describeOnPostgres(rateLimitSuite);
