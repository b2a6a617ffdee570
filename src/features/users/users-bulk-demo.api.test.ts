import { usersBulkDemoSuite } from '../../../tests/support/users-api-suite.ts';

process.env.DEMO_MODE = 'true';
usersBulkDemoSuite();
