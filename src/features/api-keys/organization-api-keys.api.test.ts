import { organizationApiKeysSuite } from '../../../tests/support/organization-api-keys-api-suite.ts';

organizationApiKeysSuite();
