import { createFileRoute } from '@tanstack/react-router';
import { apiDocsResponse } from '#/server/api-docs.ts';

export const Route = createFileRoute('/api/docs/$')({
  server: { handlers: { GET: ({ request, params }) => apiDocsResponse(request, params._splat ?? '') } },
});
