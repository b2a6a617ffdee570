import { createFileRoute } from '@tanstack/react-router';
import { mailboxResponse } from '#/server/email/mailbox-page.ts';

export const Route = createFileRoute('/devtools/mailbox')({
  server: { handlers: { GET: ({ request }) => mailboxResponse(request) } },
});
