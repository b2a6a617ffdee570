/** A 404 wherever the mailbox must not exist. */
import { identity } from '../../lib/identity.ts';
import { env } from '../env.ts';
import { mailboxEnabled, mailboxMessages, mailboxOwner, perBrowserMailbox } from './dev-mailbox.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function mailboxResponse(request: Request): Response {
  if (!mailboxEnabled(env())) {
    return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  }
  const e = env();
  const messages = mailboxMessages(perBrowserMailbox(e) ? (mailboxOwner(request) ?? null) : undefined);
  if (new URL(request.url).searchParams.get('format') === 'json') {
    return Response.json(
      messages.map(({ html: _html, ...m }) => m),
      { headers: { 'Cache-Control': 'no-store' } },
    );
  }
  const items = messages
    .map(
      (m) =>
        `<li><article><h2>${escape(m.subject)}</h2><p><strong>To:</strong> ${escape(m.to)} · <time datetime="${m.sentAt.toISOString()}">${m.sentAt.toISOString()}</time></p><pre>${escape(m.text)}</pre></article></li>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Development mailbox | ${escape(identity.name)}</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}li{list-style:none;border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap}</style></head><body><main><h1>Development mailbox</h1><p>Messages sent without EMAIL_SERVER, newest first. This page exists only in development and demo mode${perBrowserMailbox(e) ? '; in demo mode it shows the codes this browser asked for, for the demo accounts' : ''}.</p>${messages.length ? `<ol>${items}</ol>` : '<p>No messages yet.</p>'}</main></body></html>`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
