import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { changeEmailDemoSuite } from '../../../tests/support/change-email-api-suite.ts';

process.env.DEMO_MODE = 'true';
await describeOnPostgres(changeEmailDemoSuite);
