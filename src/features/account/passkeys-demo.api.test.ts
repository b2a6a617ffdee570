import { passkeysDemoSuite } from '../../../tests/support/passkeys-api-suite.ts';

process.env.DEMO_MODE = 'true';
passkeysDemoSuite();
