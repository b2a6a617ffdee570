import { accountExportDemoSuite } from '../../../tests/support/account-export-suite.ts';

process.env.DEMO_MODE = 'true';
accountExportDemoSuite();
