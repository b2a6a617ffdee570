import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { linkedAccountsSuite, startTestProviders } from '../../../tests/support/linked-accounts-api-suite.ts';

await startTestProviders();
await describeOnPostgres(linkedAccountsSuite);
