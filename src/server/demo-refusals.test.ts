import { demoRefusalSuite } from '../../tests/support/write-budget-suite.ts';

process.env.DEMO_MODE = 'true';
demoRefusalSuite();
