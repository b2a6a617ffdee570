import { webhooksSuite } from '../../../tests/support/webhooks-api-suite.ts';

// A receiver on loopback over http, retried after 1 s.
process.env.WEBHOOKS_ALLOW_HTTP = 'true';
process.env.WEBHOOKS_ALLOW_PRIVATE = 'true';
process.env.WEBHOOK_RETRY_SECONDS = '1';
webhooksSuite();
