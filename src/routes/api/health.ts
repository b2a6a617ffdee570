import { createFileRoute } from '@tanstack/react-router';
import { checkHealth } from '#/server/health.ts';

export const Route = createFileRoute('/api/health')({
  server: { handlers: { GET: () => checkHealth() } },
});
