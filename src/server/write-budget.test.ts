import { writeBudgetSuite } from '../../tests/support/write-budget-suite.ts';

// On the embedded database (DATA_DIR=memory:// for tests).
writeBudgetSuite();
