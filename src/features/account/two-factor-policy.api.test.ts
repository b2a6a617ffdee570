import { twoFactorPolicySuite } from '../../../tests/support/two-factor-api-suite.ts';

// Before anything reads the environment (it is read once, on first use).
process.env.AUTH_TWO_FACTOR = 'admins';
twoFactorPolicySuite();
