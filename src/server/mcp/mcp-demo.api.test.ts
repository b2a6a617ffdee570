import { mcpDemoSuite } from '../../../tests/support/mcp-api-suite.ts';

process.env.DEMO_MODE = 'true';
mcpDemoSuite();
