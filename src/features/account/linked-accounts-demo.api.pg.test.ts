import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { linkedAccountsDemoSuite, startTestProviders } from '../../../tests/support/linked-accounts-api-suite.ts';

process.env.DEMO_MODE = 'true';
await startTestProviders();
await describeOnPostgres(linkedAccountsDemoSuite);
