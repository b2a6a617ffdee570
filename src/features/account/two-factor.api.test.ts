import { startTestProviders } from '../../../tests/support/linked-accounts-api-suite.ts';
import { twoFactorSuite } from '../../../tests/support/two-factor-api-suite.ts';

await startTestProviders();
twoFactorSuite();
