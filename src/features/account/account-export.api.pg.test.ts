import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { accountExportSuite } from '../../../tests/support/account-export-suite.ts';

await describeOnPostgres(accountExportSuite);
