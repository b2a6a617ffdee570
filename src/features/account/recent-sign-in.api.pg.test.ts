import { recentSignInSuite } from '../../../tests/support/recent-sign-in-api-suite.ts';
import { startTestProviders } from '../../../tests/support/linked-accounts-api-suite.ts';
import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';

await startTestProviders();
await describeOnPostgres(recentSignInSuite);
