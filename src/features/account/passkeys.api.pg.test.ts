import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { passkeysSuite } from '../../../tests/support/passkeys-api-suite.ts';

await describeOnPostgres(passkeysSuite);
