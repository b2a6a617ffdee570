import { describeOnPostgres } from '../../tests/support/on-postgres.ts';
import { writeBudgetSuite } from '../../tests/support/write-budget-suite.ts';

await describeOnPostgres(writeBudgetSuite);
