import { apiKeysDemoSuite } from '../../../tests/support/api-keys-api-suite.ts';

process.env.DEMO_MODE = 'true';
apiKeysDemoSuite();
