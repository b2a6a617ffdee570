import { mcpSuite } from '../../../tests/support/mcp-api-suite.ts';

mcpSuite();
