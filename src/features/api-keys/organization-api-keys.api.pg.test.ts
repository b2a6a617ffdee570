import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { organizationApiKeysSuite } from '../../../tests/support/organization-api-keys-api-suite.ts';

await describeOnPostgres(organizationApiKeysSuite);
