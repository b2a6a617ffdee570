import { accountExportSuite } from '../../../tests/support/account-export-suite.ts';

accountExportSuite();
