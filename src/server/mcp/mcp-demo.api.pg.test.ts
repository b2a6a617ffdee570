import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { mcpDemoSuite } from '../../../tests/support/mcp-api-suite.ts';

process.env.DEMO_MODE = 'true';
await describeOnPostgres(mcpDemoSuite);
