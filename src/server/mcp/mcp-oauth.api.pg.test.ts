import { describeOnPostgres } from '../../../tests/support/on-postgres.ts';
import { mcpOAuthSuite } from '../../../tests/support/mcp-oauth-api-suite.ts';

await describeOnPostgres(mcpOAuthSuite);
