import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { passkeysDemoSuite } from '../../../tests/support/passkeys-api-suite.ts';

process.env.DEMO_MODE = 'true';
await describeOnPostgres(passkeysDemoSuite);
