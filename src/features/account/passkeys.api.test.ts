import { passkeysSuite } from '../../../tests/support/passkeys-api-suite.ts';

passkeysSuite();
