import { writeBudgetSuite } from '../../tests/support/write-budget-suite.ts';

writeBudgetSuite();
