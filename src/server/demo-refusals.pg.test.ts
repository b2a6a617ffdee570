import { describeOnPostgres } from '../../tests/support/on-postgres.ts';
import { demoRefusalSuite } from '../../tests/support/write-budget-suite.ts';

// A read-only demo on a real PostgreSQL server (TEST_DATABASE_URL).
process.env.DEMO_MODE = 'true';
await describeOnPostgres(demoRefusalSuite);
