import { createFileRoute } from '@tanstack/react-router';
import { openApiDocument } from '#/server/openapi.ts';

export const Route = createFileRoute('/api/openapi')({
  server: { handlers: { GET: async () => Response.json(await openApiDocument(), { headers: { 'Cache-Control': 'no-cache' } }) } },
});
