import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { webhooksDemoSuite } from '../../../tests/support/webhooks-api-suite.ts';

process.env.DEMO_MODE = 'true';
await describeOnPostgres(webhooksDemoSuite);
