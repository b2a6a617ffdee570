import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { changeEmailSuite } from '../../../tests/support/change-email-api-suite.ts';

await describeOnPostgres(changeEmailSuite);
