import { webhooksDemoSuite } from '../../../tests/support/webhooks-api-suite.ts';

process.env.DEMO_MODE = 'true';
webhooksDemoSuite();
