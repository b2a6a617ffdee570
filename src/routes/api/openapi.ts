import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/api/openapi')({
  server: {
    handlers: {
      GET: async () =>
        Response.json(await (await import('#/server/openapi.ts')).openApiDocument(), { headers: { 'Cache-Control': 'no-cache' } }),
    },
  },
});
