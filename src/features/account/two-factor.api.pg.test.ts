import { startTestProviders } from '../../../tests/support/linked-accounts-api-suite.ts';
import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { twoFactorSuite } from '../../../tests/support/two-factor-api-suite.ts';

await startTestProviders();
await describeOnPostgres(twoFactorSuite);
