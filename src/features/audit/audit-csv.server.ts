// Streamed in keyset batches, the next read when the client has taken the previous: an export never holds more than one batch.
import { rolesAllow } from '#/lib/permissions';
import { apiTranslator } from '#/server/api-errors.ts';
import { dataException } from '#/server/db/errors.ts';
import { database } from '#/server/db/index.ts';
import { logger } from '#/server/logger.ts';
import { requestSession } from '#/server/request-session.ts';
import { effectiveRole } from '#/server/roles.ts';
import { auditConditions, auditKey, readAuditEvents, type AuditRow } from './audit-query.server';
import { auditFilterSchema } from './audit.schema';

export const AUDIT_CSV_PATH = '/api/audit.csv';
const BATCH = 1000;

const HEADER = [
  'time',
  'action',
  'actor_id',
  'actor_name',
  'impersonator_id',
  'impersonator_name',
  'target_type',
  'target_id',
  'target_label',
  'ip_address',
  'user_agent',
  'changes',
  'details',
];

// Text a spreadsheet would run as a formula (=, +, -, @, their full-width forms, tab, CR, LF first) gets
// a leading apostrophe: names and titles come from users.
function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  if (typeof value === 'string' && /^[=+\-@\t\r\n＝＋－＠]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const line = (row: AuditRow) =>
  [
    row.createdAt,
    row.action,
    row.actorId,
    row.actorName,
    row.impersonatorId,
    row.impersonatorName,
    row.targetType,
    row.targetId,
    row.targetLabel,
    row.ipAddress,
    row.userAgent,
    row.changes,
    row.details,
  ]
    .map(field)
    .join(',') + '\r\n';

const jsonError = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } });

export async function handleAuditCsv(request: Request): Promise<Response> {
  const t = await apiTranslator(request);
  const session = await requestSession(request);
  if (!session) return jsonError(401, { code: 'UNAUTHORIZED', message: t('api:UNAUTHORIZED') });
  if (!rolesAllow(effectiveRole(session.user), { audit: ['read'] })) {
    return jsonError(403, { code: 'FORBIDDEN', message: t('authErrors:FORBIDDEN', { resource: 'audit' }), data: { resource: 'audit' } });
  }
  const parsed = auditFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fields[String(issue.path[0] ?? '_')] ??= issue.message.includes(':') ? t(issue.message) : t('zod:invalid_input');
    }
    return jsonError(400, { code: 'INPUT_VALIDATION_FAILED', message: t('api:INPUT_VALIDATION_FAILED'), data: { fields } });
  }
  const db = await database();
  const where = auditConditions(parsed.data);
  // The first batch before the answer: a query that fails gets a status, not a cut-off download.
  let rows: AuditRow[];
  try {
    rows = await readAuditEvents(db, where, null, BATCH);
  } catch (error) {
    // As in the product API: a value the database refused came from the client.
    if (dataException(error)) {
      logger().warn({ err: error, url: request.url }, 'input refused by the database');
      return jsonError(400, { code: 'INPUT_VALIDATION_FAILED', message: t('api:INPUT_VALIDATION_FAILED') });
    }
    logger().error({ err: error, url: request.url }, 'audit export failed');
    return jsonError(500, { code: 'INTERNAL_SERVER_ERROR', message: t('api:INTERNAL_SERVER_ERROR') });
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // A byte-order mark, so that spreadsheets read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${HEADER.join(',')}\r\n`));
      },
      async pull(controller) {
        if (rows.length) controller.enqueue(encoder.encode(rows.map(line).join('')));
        if (rows.length < BATCH) return controller.close();
        try {
          rows = await readAuditEvents(db, where, auditKey(rows.at(-1)!), BATCH);
        } catch (error) {
          // The status (200) has gone: the client sees the download cut off, the log says why.
          logger().error({ err: error, url: request.url }, 'audit export failed');
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
