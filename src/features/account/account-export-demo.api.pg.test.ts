import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { accountExportDemoSuite } from '../../../tests/support/account-export-suite.ts';

process.env.DEMO_MODE = 'true';
await describeOnPostgres(accountExportDemoSuite);
