import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { apiKeysDemoSuite } from '../../../tests/support/api-keys-api-suite.ts';

process.env.DEMO_MODE = 'true';
await describeOnPostgres(apiKeysDemoSuite);
