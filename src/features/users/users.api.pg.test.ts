import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { usersApiSuite } from '../../../tests/support/users-api-suite.ts';

await describeOnPostgres(usersApiSuite);
