import { mcpOAuthSuite } from '../../../tests/support/mcp-oauth-api-suite.ts';

mcpOAuthSuite();
