import { linkedAccountsSuite, startTestProviders } from '../../../tests/support/linked-accounts-api-suite.ts';

await startTestProviders();
linkedAccountsSuite();
