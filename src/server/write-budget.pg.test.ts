import { describeOnPostgres } from '../../tests/support/on-postgres.ts';
import { writeBudgetSuite } from '../../tests/support/write-budget-suite.ts';

// The same tests on a real PostgreSQL server (TEST_DATABASE_URL).
await describeOnPostgres(writeBudgetSuite);
