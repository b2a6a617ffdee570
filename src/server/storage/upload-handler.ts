// Raw bytes with an `image/*` type, which no form on another site can send; the other rules of
// every write follow: session, permission, demo mode, rate limit.
import { and, eq } from 'drizzle-orm';
import { rolesAllow, type Permission } from '#/lib/permissions';
import { apiTranslator } from '../api-errors.ts';
import { countInWindow } from '../email-quota.ts';
import type { Database } from '../db/client.ts';
import { database } from '../db/index.ts';
import { member, organization, user } from '../db/schema.ts';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { recordDemoRefusal } from '../audit/demo-refusal.ts';
import { recordAuditEvent } from '../audit/record.ts';
import { requestSession } from '../request-session.ts';
import { rememberWrite } from '../db/read-your-writes.ts';
import { effectiveRole } from '../roles.ts';
import { ImageRefusal, MAX_ASPECT_RATIO, MAX_SIDE, REFUSAL_STATUS, processImage, type ImageShape } from './images.ts';
import { megabytes } from './storage-config.ts';
import { PICTURE_COLUMNS, STORED_WIDTH, objectsOf, type OwnerKind } from './pictures.ts';
import { urlOf } from './storage-keys.ts';
import { storage } from './storage.ts';
// example:start
import { book } from '../db/schema.ts';
// example:end

export const IMAGES_API_PREFIX = '/api/images/';

export const UPLOAD_QUOTA = { max: 30, windowSeconds: 600 } as const;

interface Owner {
  kind: OwnerKind;
  id: string;
  shape: ImageShape;
}

/** The rights of the users API's edits of someone else. */
const EDIT_OTHER_USERS: Permission = { user: ['create', 'set-role'] };
// example:start
const EDIT_BOOKS: Permission = { book: ['update'] };
// example:end

function parsePath(pathname: string): Owner | undefined {
  const match = /^\/api\/images\/([a-z]+)\/([A-Za-z0-9_-]{1,100})$/.exec(pathname);
  if (!match || !Object.hasOwn(PICTURE_COLUMNS, match[1]!)) return undefined;
  const kind = match[1] as OwnerKind;
  return { kind, id: match[2]!, shape: PICTURE_COLUMNS[kind].shape };
}

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } });

/** `lock`: the owner's row stays locked until the transaction ends, so changes to one picture take turns. */
async function currentUrl(db: Database, owner: Owner, lock = false): Promise<string | null | undefined> {
  const locking = lock ? 'update' : undefined;
  if (owner.kind === 'organizations') {
    const query = db.select({ url: organization.logo }).from(organization).where(eq(organization.id, owner.id));
    const [row] = await (locking ? query.for(locking) : query);
    return row ? row.url : undefined;
  }
  if (owner.kind === 'users') {
    const query = db.select({ url: user.image }).from(user).where(eq(user.id, owner.id));
    const [row] = await (locking ? query.for(locking) : query);
    return row ? row.url : undefined;
  }
  // example:start
  if (owner.kind === 'books') {
    const query = db.select({ url: book.coverImage }).from(book).where(eq(book.id, owner.id));
    const [row] = await (locking ? query.for(locking) : query);
    return row ? row.url : undefined;
  }
  // example:end
  return undefined;
}

async function setUrl(db: Database, owner: Owner, url: string | null) {
  if (owner.kind === 'organizations') await db.update(organization).set({ logo: url }).where(eq(organization.id, owner.id));
  if (owner.kind === 'users') await db.update(user).set({ image: url }).where(eq(user.id, owner.id));
  // example:start
  if (owner.kind === 'books') await db.update(book).set({ coverImage: url }).where(eq(book.id, owner.id));
  // example:end
}

async function organizationRoles(db: Database, organizationId: string, userId: string): Promise<string[] | undefined> {
  const [row] = await db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)));
  return row ? row.role.split(',').map((r) => r.trim()) : undefined;
}

/** Counted in the database, so instances share it. */
const withinQuota = (db: Database, userId: string) => countInWindow(db, `image-upload:${userId}`, UPLOAD_QUOTA);

const TARGET_TYPE = {
  users: 'user',
  organizations: 'organization',
  // example:start
  books: 'book',
  // example:end
} as const satisfies Record<OwnerKind, string>;

export async function handleImagesRequest(request: Request): Promise<Response> {
  const t = await apiTranslator(request);
  const refuse = (status: number, code: string, message: string) => json(status, { code, message });

  const owner = parsePath(new URL(request.url).pathname);
  if (!owner) return refuse(404, 'NOT_FOUND', t('api:NOT_FOUND'));
  const session = await requestSession(request);
  if (!session) return refuse(401, 'UNAUTHORIZED', t('api:UNAUTHORIZED'));
  const db = await database();
  // Before anything about the picture is looked up.
  if (env().demoMode) {
    await recordDemoRefusal(db, {
      actor: { id: session.user.id, name: session.user.name },
      impersonatorId: session.session.impersonatedBy ?? null,
      details: { path: new URL(request.url).pathname },
      request,
    });
    return refuse(403, 'DEMO_MODE', t('authErrors:DEMO_MODE'));
  }
  // A new cover is on the book's page the uploader sees next.
  await rememberWrite(session.user.id);
  if (owner.kind === 'organizations') {
    // The organisation's owners and admins decide, not the site-wide role.
    const roles = await organizationRoles(db, owner.id, session.user.id);
    if (!roles) return refuse(404, 'NOT_FOUND', t('organizations:errors.organizationNotFound'));
    if (!roles.includes('owner') && !roles.includes('admin')) {
      return refuse(403, 'FORBIDDEN', t('authErrors:FORBIDDEN', { resource: 'organization' }));
    }
  }
  // Another person's picture: for whoever may edit other users.
  if (owner.kind === 'users' && owner.id !== session.user.id && !rolesAllow(effectiveRole(session.user), EDIT_OTHER_USERS)) {
    return refuse(403, 'FORBIDDEN', t('authErrors:FORBIDDEN', { resource: 'user' }));
  }
  // example:start
  if (owner.kind === 'books' && !rolesAllow(effectiveRole(session.user), EDIT_BOOKS)) {
    return refuse(403, 'FORBIDDEN', t('authErrors:FORBIDDEN', { resource: 'book' }));
  }
  // example:end

  const notFound = () => {
    const message = {
      organizations: 'organizations:errors.organizationNotFound',
      users: 'api:NOT_FOUND',
      // example:start
      books: 'catalog:book.notFound',
      // example:end
    } as const;
    return refuse(404, 'NOT_FOUND', t(message[owner.kind]));
  };
  if ((await currentUrl(db, owner)) === undefined) return notFound();
  if (!(await withinQuota(db, session.user.id))) return refuse(429, 'RATE_LIMITED', t('images:errors.RATE_LIMITED'));

  const files = await storage();
  let url: string | null = null;
  let written: string[] = [];
  if (request.method === 'PUT') {
    const limits = env().uploads;
    let copies;
    try {
      copies = await processImage(new Uint8Array(await request.arrayBuffer()), owner.shape, limits);
    } catch (error) {
      if (!(error instanceof ImageRefusal)) throw error;
      const pixels = String(Math.round(limits.maxPixels / 100_000) / 10);
      const values = { max: megabytes(limits.maxBytes), pixels, side: String(MAX_SIDE), ratio: String(MAX_ASPECT_RATIO) };
      return refuse(REFUSAL_STATUS[error.code], error.code, t(`images:errors.${error.code}`, values));
    }
    const stem = `${owner.kind}/${owner.id}/${crypto.randomUUID().replaceAll('-', '')}`;
    written = copies.map((c) => `${stem}-${c.width}.webp`);
    await Promise.all(copies.map((c, i) => files.put(written[i]!, c.data, 'image/webp')));
    url = urlOf(`${stem}-${STORED_WIDTH}.webp`);
  }
  const deleteFiles = (keys: string[], what: string) =>
    files.delete(keys).catch((error: unknown) => {
      logger().warn({ err: error, owner: `${owner.kind}/${owner.id}` }, `${what} not deleted`);
    });
  // Read under the owner's row lock: of simultaneous changes, each deletes the copies of the one before.
  let previous: string | null | undefined;
  try {
    previous = await db.transaction(async (tx) => {
      const before = await currentUrl(tx as unknown as Database, owner, true);
      if (before === undefined) return undefined;
      await setUrl(tx as unknown as Database, owner, url);
      await recordAuditEvent(tx as unknown as Database, {
        action: url ? 'picture.updated' : 'picture.removed',
        actor: { id: session.user.id, name: session.user.name },
        impersonatorId: session.session.impersonatedBy ?? null,
        target: { type: TARGET_TYPE[owner.kind], id: owner.id },
        changes: { picture: { before, after: url } },
        request,
      });
      return before;
    });
  } catch (error) {
    await deleteFiles(written, 'unsaved picture');
    throw error;
  }
  // Deleted meanwhile: the new copies would belong to no one.
  if (previous === undefined) {
    await deleteFiles(written, 'unsaved picture');
    return notFound();
  }
  // Only once the new URL is stored: a reader never gets a URL with no file behind it.
  await deleteFiles(objectsOf(owner, previous), 'old picture');
  return json(200, { url });
}
