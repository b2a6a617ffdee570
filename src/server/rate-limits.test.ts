import { rateLimitSuite } from '../../tests/support/rate-limit-suite.ts';

rateLimitSuite();
