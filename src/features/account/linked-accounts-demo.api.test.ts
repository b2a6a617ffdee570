import { linkedAccountsDemoSuite, startTestProviders } from '../../../tests/support/linked-accounts-api-suite.ts';

process.env.DEMO_MODE = 'true';
await startTestProviders();
linkedAccountsDemoSuite();
