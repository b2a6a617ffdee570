import { describeOnPostgres } from '../../tests/support/on-postgres.ts';
import { demoRefusalSuite } from '../../tests/support/write-budget-suite.ts';

process.env.DEMO_MODE = 'true';
await describeOnPostgres(demoRefusalSuite);
