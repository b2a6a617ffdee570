import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { usersApiSuite } from '../../../tests/support/users-api-suite.ts';

// The same tests on a real PostgreSQL server (TEST_DATABASE_URL).
await describeOnPostgres(usersApiSuite);
