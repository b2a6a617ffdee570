import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { apiKeysSuite } from '../../../tests/support/api-keys-api-suite.ts';

await describeOnPostgres(apiKeysSuite);
