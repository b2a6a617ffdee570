import { demoRefusalSuite } from '../../tests/support/write-budget-suite.ts';

// A read-only demo, on the embedded database (DATA_DIR=memory:// for tests).
process.env.DEMO_MODE = 'true';
demoRefusalSuite();
