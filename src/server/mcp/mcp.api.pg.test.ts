import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { mcpSuite } from '../../../tests/support/mcp-api-suite.ts';

await describeOnPostgres(mcpSuite);
