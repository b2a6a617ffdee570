import { createFileRoute } from '@tanstack/react-router';
import { handleApiRequest } from '#/server/api-handler.ts';

const handle = ({ request }: { request: Request }) => handleApiRequest(request);

export const Route = createFileRoute('/api/rpc/$')({
  server: { handlers: { GET: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle } },
});
