import { apiKeysSuite } from '../../../tests/support/api-keys-api-suite.ts';

apiKeysSuite();
