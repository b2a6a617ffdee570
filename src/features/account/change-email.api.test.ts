import { changeEmailSuite } from '../../../tests/support/change-email-api-suite.ts';

changeEmailSuite();
