import { changeEmailDemoSuite } from '../../../tests/support/change-email-api-suite.ts';

process.env.DEMO_MODE = 'true';
changeEmailDemoSuite();
