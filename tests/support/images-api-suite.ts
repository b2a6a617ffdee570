// Through the HTTP pipeline (cross-site rule, methods, body limit) to the upload handler and /uploads.
import { and, asc, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleApiRequest } from '#/server/api-handler.ts';
import { database } from '#/server/db/index.ts';
import { auditEvent, member as memberTable, organization, user } from '#/server/db/schema.ts';
import { createHttpPipeline } from '#/server/http/pipeline.ts';
import { storage } from '#/server/storage/storage.ts';
import { handleImagesRequest } from '#/server/storage/upload-handler.ts';
import { serveUpload } from '#/server/storage/uploads-route.ts';
import { ORIGIN, api, authApi, signIn } from './api.ts';
// example:start
import { book } from '#/server/db/schema.ts';
// example:end

type Answer = { url?: string | null; code?: string; message?: string };

const png = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
/** EXIF with a camera, an owner and a GPS position. */
const jpegWithLocation = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Jane Doe', Make: 'SpyCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .toBuffer();

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
/** A file a browser could run as JavaScript. */
const GIF_SCRIPT_POLYGLOT = Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.cookie);//<script>alert(1)</script>');

const STEM = '[0-9a-f]{32}';

export function imagesApiSuite() {
  let pipeline: (request: Request) => Promise<Response>;
  let admin: string;
  let member: string;
  let adminId: string;
  let memberId: string;

  const send = (
    method: string,
    path: string,
    options: { cookie?: string; body?: BodyInit; type?: string; language?: string; origin?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { origin: options.origin ?? ORIGIN, ...options.headers };
    const cookies = [options.cookie, options.language && `i18next=${options.language}`].filter(Boolean).join('; ');
    if (cookies) headers.cookie = cookies;
    if (options.type) headers['content-type'] = options.type;
    return pipeline(new Request(`${ORIGIN}${path}`, { method, headers, body: options.body ?? null }));
  };
  const upload = async (path: string, bytes: Buffer, options: Parameters<typeof send>[2] = {}) => {
    const res = await send('PUT', path, { type: 'image/png', ...options, body: new Uint8Array(bytes) });
    return { status: res.status, body: (await res.json()) as Answer };
  };
  const remove = async (path: string, cookie: string) => {
    const res = await send('DELETE', path, { cookie });
    return { status: res.status, body: (await res.json()) as Answer };
  };
  const stored = async (key: string) => {
    const found = await (await storage()).get(key);
    if (found) await found.body.cancel();
    return Boolean(found);
  };
  const copiesOf = (url: string) => [64, 256, 768].map((w) => url.replace('/uploads/', '').replace(/-256\.webp$/, `-${w}.webp`));

  beforeAll(async () => {
    pipeline = createHttpPipeline(async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith('/api/images/')) return handleImagesRequest(request);
      if (pathname.startsWith('/uploads/')) return serveUpload(request);
      return handleApiRequest(request);
    });
    admin = await signIn('admin@example.com');
    member = await signIn('user@example.com');
    adminId = (await authApi<{ user: { id: string } }>('GET', '/get-session', { cookie: admin })).body.user.id;
    memberId = (await authApi<{ user: { id: string } }>('GET', '/get-session', { cookie: member })).body.user.id;
  });

  describe('profile pictures', () => {
    it('uploads, serves, replaces (the old copies go) and removes one’s own picture', async () => {
      const first = await upload(`/api/images/users/${memberId}`, await png(), { cookie: member });
      expect(first.status).toBe(200);
      expect(first.body.url).toMatch(new RegExp(`^/uploads/users/${memberId}/${STEM}-256\\.webp$`));
      const url = first.body.url!;
      const db = await database();
      expect((await db.select({ image: user.image }).from(user).where(eq(user.id, memberId)))[0]!.image).toBe(url);

      const served = await send('GET', url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-security-policy')).toContain("default-src 'self'");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
      for (const key of copiesOf(url)) expect(await stored(key), key).toBe(true);
      const small = await sharp(Buffer.from(await (await send('GET', url.replace('-256.', '-64.'))).arrayBuffer())).metadata();
      expect([small.width, small.height]).toEqual([64, 64]);

      const second = await upload(`/api/images/users/${memberId}`, await jpegWithLocation(), { cookie: member, type: 'image/jpeg' });
      expect(second.status).toBe(200);
      expect(second.body.url).not.toBe(url);
      for (const key of copiesOf(url)) expect(await stored(key), key).toBe(false);
      expect((await send('GET', url)).status).toBe(404);
      for (const key of copiesOf(second.body.url!)) expect(await stored(key), key).toBe(true);

      const removed = await remove(`/api/images/users/${memberId}`, member);
      expect(removed).toEqual({ status: 200, body: { url: null } });
      expect((await db.select({ image: user.image }).from(user).where(eq(user.id, memberId)))[0]!.image).toBe(null);
      for (const key of copiesOf(second.body.url!)) expect(await stored(key), key).toBe(false);

      // One audit event per change: who, whose picture, before → after.
      const events = await db
        .select({
          action: auditEvent.action,
          actorId: auditEvent.actorId,
          targetType: auditEvent.targetType,
          targetId: auditEvent.targetId,
          changes: auditEvent.changes,
        })
        .from(auditEvent)
        .where(and(eq(auditEvent.targetId, memberId), like(auditEvent.action, 'picture.%')))
        .orderBy(asc(auditEvent.id));
      expect(events).toEqual([
        {
          action: 'picture.updated',
          actorId: memberId,
          targetType: 'user',
          targetId: memberId,
          changes: { picture: { before: null, after: url } },
        },
        {
          action: 'picture.updated',
          actorId: memberId,
          targetType: 'user',
          targetId: memberId,
          changes: { picture: { before: url, after: second.body.url } },
        },
        {
          action: 'picture.removed',
          actorId: memberId,
          targetType: 'user',
          targetId: memberId,
          changes: { picture: { before: second.body.url, after: null } },
        },
      ]);
    });

    it('F8: 12 simultaneous uploads of one’s picture leave one picture’s files, and each replaced one is gone', async () => {
      const cookie = await signIn('twelve.at.once@example.com');
      const id = (await authApi<{ user: { id: string } }>('GET', '/get-session', { cookie })).body.user.id;
      const pictures = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => upload(`/api/images/users/${id}`, await png(100 + i, 100), { cookie })),
      );
      expect(pictures.map((p) => p.status)).toEqual(Array(12).fill(200));
      const db = await database();
      const [row] = await db.select({ image: user.image }).from(user).where(eq(user.id, id));
      const kept = row!.image;
      expect(pictures.map((p) => p.body.url)).toContain(kept);
      for (const { body } of pictures) {
        const current = body.url === kept;
        for (const key of copiesOf(body.url!)) expect(await stored(key), key).toBe(current);
        expect((await send('GET', body.url!)).status, body.url!).toBe(current ? 200 : 404);
      }
      // The changes took turns: each one replaced the one before it.
      const events = await db
        .select({ changes: auditEvent.changes })
        .from(auditEvent)
        .where(and(eq(auditEvent.targetId, id), eq(auditEvent.action, 'picture.updated')))
        .orderBy(asc(auditEvent.id));
      const chain = events.map((e) => (e.changes as { picture: { before: string | null; after: string } }).picture);
      expect(chain).toHaveLength(12);
      expect(chain[0]!.before).toBe(null);
      for (let i = 1; i < 12; i++) expect(chain[i]!.before, `change ${i + 1}`).toBe(chain[i - 1]!.after);
      expect(chain[11]!.after).toBe(kept);
    });

    it('strips the metadata: no EXIF, no GPS position, no camera in any stored copy', async () => {
      const original = await jpegWithLocation();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      expect(original.includes('WGS-84')).toBe(true);
      const res = await upload(`/api/images/users/${memberId}`, original, { cookie: member, type: 'image/jpeg' });
      expect(res.status).toBe(200);
      for (const width of ['64', '256', '768']) {
        const bytes = Buffer.from(await (await send('GET', res.body.url!.replace('-256.', `-${width}.`))).arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta.exif, width).toBeUndefined();
        expect(meta.xmp, width).toBeUndefined();
        expect(bytes.includes('WGS-84') || bytes.includes('SpyCam') || bytes.includes('Jane Doe') || bytes.includes('Exif'), width).toBe(
          false,
        );
      }
    });

    it('lets an admin change anyone’s picture, and nobody else', async () => {
      const byAdmin = await upload(`/api/images/users/${memberId}`, await png(), { cookie: admin });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.url).toMatch(new RegExp(`^/uploads/users/${memberId}/`));

      const byMember = await upload(`/api/images/users/${adminId}`, await png(), { cookie: member });
      expect(byMember).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: 'You are not allowed to access resource: user' } });
      expect(await remove(`/api/images/users/${adminId}`, member)).toEqual({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'You are not allowed to access resource: user' },
      });
      const signedOut = await upload(`/api/images/users/${memberId}`, await png());
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.code).toBe('UNAUTHORIZED');
      expect((await upload('/api/images/users/no-such-user', await png(), { cookie: admin })).status).toBe(404);
    });

    it('keeps the write rules: another site, another body type or another method is refused', async () => {
      const crossSite = await upload(`/api/images/users/${memberId}`, await png(), { cookie: member, origin: 'https://evil.example' });
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.code).toBe('CROSS_SITE_REQUEST');
      // What a form on another site could send, were the origin not known.
      const form = await upload(`/api/images/users/${memberId}`, await png(), { cookie: member, type: 'multipart/form-data; boundary=x' });
      expect(form.status).toBe(415);
      expect(form.body).toEqual({
        code: 'IMAGE_TYPE_REFUSED',
        message: 'This file is not a picture we accept. Use a JPEG, PNG, WebP, AVIF or GIF image.',
      });
      const post = await send('POST', `/api/images/users/${memberId}`, { cookie: member, type: 'image/png', body: await png() });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('PUT, DELETE');
    });
  });

  describe('accepted types', () => {
    it('accepts WebP, AVIF and GIF (an animation: its first frame), each stored as WebP', async () => {
      const base = () => sharp({ create: { width: 120, height: 90, channels: 3, background: '#448844' } });
      const files: Array<[string, Buffer]> = [
        ['image/webp', await base().webp().toBuffer()],
        ['image/avif', await base().avif({ effort: 0 }).toBuffer()],
        ['image/gif', await base().gif().toBuffer()],
      ];
      for (const [type, bytes] of files) {
        const res = await upload(`/api/images/users/${memberId}`, bytes, { cookie: member, type });
        expect(res.status, type).toBe(200);
        const meta = await sharp(Buffer.from(await (await send('GET', res.body.url!)).arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height], type).toEqual(['webp', 256, 256]);
      }
    });
  });

  describe('refusals, in the caller’s language', () => {
    it('refuses an SVG, a polyglot and bytes that are no picture, whatever type is declared', async () => {
      const svg = await upload(`/api/images/users/${memberId}`, SVG, { cookie: member, type: 'image/svg+xml' });
      expect(svg).toEqual({
        status: 415,
        body: { code: 'IMAGE_TYPE_REFUSED', message: 'This file is not a picture we accept. Use a JPEG, PNG, WebP, AVIF or GIF image.' },
      });
      const polyglot = await upload(`/api/images/users/${memberId}`, GIF_SCRIPT_POLYGLOT, {
        cookie: member,
        type: 'image/gif',
        language: 'fr',
      });
      expect(polyglot).toEqual({
        status: 415,
        body: {
          code: 'IMAGE_TYPE_REFUSED',
          message: "Ce fichier n'est pas une image acceptée. Utilisez une image JPEG, PNG, WebP, AVIF ou GIF.",
        },
      });
      // It decodes, but it is also HTML.
      const withPage = Buffer.concat([await png(), Buffer.from('<html><script>alert(1)</script></html>')]);
      expect((await upload(`/api/images/users/${memberId}`, withPage, { cookie: member })).status).toBe(415);
      const text = await upload(`/api/images/users/${memberId}`, Buffer.from('just some text'), { cookie: member, type: 'image/jpeg' });
      expect(text.body.code).toBe('IMAGE_TYPE_REFUSED');
      // A PNG signature on bytes that are no PNG.
      const truncated = (await png()).subarray(0, 60);
      expect((await upload(`/api/images/users/${memberId}`, truncated, { cookie: member })).status).toBe(415);
    });

    it('refuses a file over the size limit (5 MB by default), declared or streamed', async () => {
      const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
      const declared = await upload(`/api/images/users/${memberId}`, big, { cookie: member, language: 'sw' });
      expect(declared).toEqual({ status: 413, body: { code: 'IMAGE_TOO_LARGE', message: 'Picha hii ni kubwa mno. Kikomo ni 5 MB.' } });
      const chunks = [big.subarray(0, 1024 * 1024), big.subarray(1024 * 1024)];
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      const res = await pipeline(
        new Request(`${ORIGIN}/api/images/users/${memberId}`, {
          method: 'PUT',
          headers: { origin: ORIGIN, cookie: `${member}; i18next=ar`, 'content-type': 'image/png' },
          body: stream,
          duplex: 'half',
        } as RequestInit),
      );
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ code: 'IMAGE_TOO_LARGE', message: 'حجم هذه الصورة كبير جدًا. الحد الأقصى هو 5 MB.' });
    });

    it('refuses a picture with more pixels than UPLOAD_MAX_PIXELS (1 million in these tests)', async () => {
      const res = await upload(`/api/images/users/${memberId}`, await png(1200, 1000), { cookie: member });
      expect(res).toEqual({
        status: 422,
        body: { code: 'IMAGE_TOO_MANY_PIXELS', message: 'This picture has too many pixels. The limit is 1 million pixels.' },
      });
      const fr = await upload(`/api/images/users/${memberId}`, await png(1200, 1000), { cookie: member, language: 'fr' });
      expect(fr.body.message).toBe('Cette image a trop de pixels. La limite est de 1 millions de pixels.');
    });
  });

  // example:start
  describe('book covers', () => {
    it('lets an admin add, replace and remove a cover, shows it in the books API, and deletes it with the book', async () => {
      const created = await api<{ id: string; coverImage: string | null }>('POST', '/books', {
        cookie: admin,
        body: { title: 'A Cover for the Tests', author: 'Test Author' },
      });
      expect(created.status).toBe(201);
      expect(created.body.coverImage).toBe(null);
      const id = created.body.id;

      expect((await upload(`/api/images/books/${id}`, await png(), { cookie: member })).body).toEqual({
        code: 'FORBIDDEN',
        message: 'You are not allowed to access resource: book',
      });
      const first = await upload(`/api/images/books/${id}`, await png(), { cookie: admin });
      expect(first.status).toBe(200);
      expect(first.body.url).toMatch(new RegExp(`^/uploads/books/${id}/${STEM}-256\\.webp$`));
      const served = await sharp(Buffer.from(await (await send('GET', first.body.url!)).arrayBuffer())).metadata();
      expect([served.width, served.height]).toEqual([256, 384]);
      expect((await api<{ coverImage: string }>('GET', `/books/${id}`, { cookie: member })).body.coverImage).toBe(first.body.url);

      const second = await upload(`/api/images/books/${id}`, await jpegWithLocation(), { cookie: admin, type: 'image/jpeg' });
      expect(second.status).toBe(200);
      for (const key of copiesOf(first.body.url!)) expect(await stored(key), key).toBe(false);

      expect(await remove(`/api/images/books/${id}`, admin)).toEqual({ status: 200, body: { url: null } });
      const db = await database();
      expect((await db.select({ cover: book.coverImage }).from(book).where(eq(book.id, id)))[0]!.cover).toBe(null);
      for (const key of copiesOf(second.body.url!)) expect(await stored(key), key).toBe(false);

      const third = await upload(`/api/images/books/${id}`, await png(), { cookie: admin });
      expect((await api('DELETE', `/books/${id}`, { cookie: admin })).status).toBe(200);
      for (const key of copiesOf(third.body.url!)) expect(await stored(key), key).toBe(false);
    });
  });
  // example:end

  describe('organisation logos', () => {
    it('lets the organisation’s owners and admins change its logo (404 to a non-member, 403 to a plain member, whatever their site role), and deletes it with the organisation', async () => {
      const created = await authApi<{ id: string }>('POST', '/organization/create', {
        cookie: member,
        body: { name: 'Logo Makers', slug: 'logo-makers' },
      });
      expect(created.status).toBe(200);
      const id = created.body.id;
      const path = `/api/images/organizations/${id}`;

      // The site's admin is not a member yet: not found, as the organisation's other data.
      expect(await upload(path, await png(), { cookie: admin })).toEqual({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Organisation not found' },
      });
      expect((await upload('/api/images/organizations/no-such-organization', await png(), { cookie: member })).status).toBe(404);
      const db = await database();
      const membership = crypto.randomUUID();
      await db.insert(memberTable).values({ id: membership, organizationId: id, userId: adminId, role: 'member', createdAt: new Date() });
      expect(await upload(path, await png(), { cookie: admin })).toEqual({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'You are not allowed to access resource: organization' },
      });
      expect((await remove(path, admin)).status).toBe(403);

      const first = await upload(path, await png(), { cookie: member });
      expect(first.status).toBe(200);
      expect(first.body.url).toMatch(new RegExp(`^/uploads/organizations/${id}/${STEM}-256\\.webp$`));
      const served = await sharp(Buffer.from(await (await send('GET', first.body.url!)).arrayBuffer())).metadata();
      expect([served.width, served.height]).toEqual([256, 256]);
      const mine = await api<{ organizations: Array<{ slug: string; logo: string | null }> }>('GET', '/organizations', { cookie: member });
      expect(mine.body.organizations.find((o) => o.slug === 'logo-makers')?.logo).toBe(first.body.url);
      expect((await api<{ logo: string | null }>('GET', '/organizations/logo-makers', { cookie: member })).body.logo).toBe(first.body.url);
      expect((await api<{ logo: string | null }>('GET', `/manager/organizations/${id}`, { cookie: admin })).body.logo).toBe(first.body.url);

      // The organisation's admin replaces it (the old copies go) and removes it.
      await db.update(memberTable).set({ role: 'admin' }).where(eq(memberTable.id, membership));
      const second = await upload(path, await jpegWithLocation(), { cookie: admin, type: 'image/jpeg' });
      expect(second.status).toBe(200);
      for (const key of copiesOf(first.body.url!)) expect(await stored(key), key).toBe(false);
      expect(await remove(path, admin)).toEqual({ status: 200, body: { url: null } });
      expect((await db.select({ logo: organization.logo }).from(organization).where(eq(organization.id, id)))[0]!.logo).toBe(null);
      for (const key of copiesOf(second.body.url!)) expect(await stored(key), key).toBe(false);

      // Deleting the organisation deletes its logo.
      const third = await upload(path, await png(), { cookie: member });
      expect(third.status).toBe(200);
      expect((await authApi('POST', '/organization/delete', { cookie: member, body: { organizationId: id } })).status).toBe(200);
      for (const key of copiesOf(third.body.url!)) expect(await stored(key), key).toBe(false);
    });

    it('F7: refuses a logo that is no upload of ours through the auth API’s create and update, with a translated 400', async () => {
      const db = await database();
      const refused = { status: 400, body: { code: 'INVALID_LOGO_URL', message: 'Le logo doit être une image envoyée ici' } };
      const foreign = [
        'javascript:alert(document.cookie)',
        'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
        'https://tracker.example/pixel.gif?who=owner',
        '//tracker.example/uploads/organizations/x/abc-256.webp',
        `/uploads/users/${memberId}/abc-256.webp`,
      ];
      const french = `${member}; i18next=fr`;
      for (const [i, logo] of foreign.entries()) {
        const res = await authApi('POST', '/organization/create', {
          cookie: french,
          body: { name: 'Tracked', slug: `tracked-${i}`, logo },
        });
        expect({ status: res.status, body: res.body }, logo).toEqual(refused);
      }
      expect(await db.select({ id: organization.id }).from(organization).where(like(organization.slug, 'tracked-%'))).toEqual([]);

      const created = await authApi<{ id: string }>('POST', '/organization/create', {
        cookie: member,
        body: { name: 'Own Logo', slug: 'own-logo', logo: null },
      });
      expect(created.status).toBe(200);
      const id = created.body.id;
      const uploaded = await upload(`/api/images/organizations/${id}`, await png(), { cookie: member });
      expect(uploaded.status).toBe(200);
      const logoOf = async () => (await db.select({ logo: organization.logo }).from(organization).where(eq(organization.id, id)))[0]!.logo;
      for (const logo of foreign) {
        const res = await authApi('POST', '/organization/update', { cookie: french, body: { organizationId: id, data: { logo } } });
        expect({ status: res.status, body: res.body }, logo).toEqual(refused);
      }
      expect(await logoOf()).toBe(uploaded.body.url);
      // Its own upload, or none, still goes through.
      const same = await authApi('POST', '/organization/update', {
        cookie: member,
        body: { organizationId: id, data: { logo: uploaded.body.url } },
      });
      expect(same.status).toBe(200);
      expect(
        (await authApi('POST', '/organization/update', { cookie: member, body: { organizationId: id, data: { logo: null } } })).status,
      ).toBe(200);
      expect(await logoOf()).toBe(null);
      expect((await authApi('POST', '/organization/delete', { cookie: member, body: { organizationId: id } })).status).toBe(200);
    });

    it('deletes the logo when the manager deletes the organisation', async () => {
      const created = await authApi<{ id: string }>('POST', '/organization/create', {
        cookie: member,
        body: { name: 'Short Lived', slug: 'short-lived-logo' },
      });
      expect(created.status).toBe(200);
      const logo = await upload(`/api/images/organizations/${created.body.id}`, await png(), { cookie: member });
      expect(logo.status).toBe(200);
      for (const key of copiesOf(logo.body.url!)) expect(await stored(key), key).toBe(true);
      expect((await api('DELETE', `/manager/organizations/${created.body.id}`, { cookie: admin })).status).toBe(200);
      for (const key of copiesOf(logo.body.url!)) expect(await stored(key), key).toBe(false);
    });
  });

  describe('deleting a user', () => {
    it('deletes their pictures', async () => {
      const created = await api<{ id: string }>('POST', '/users', {
        cookie: admin,
        body: { name: 'Leaving Soon', email: 'leaving@example.com', role: 'user' },
      });
      expect(created.status).toBe(201);
      const id = created.body.id;
      const res = await upload(`/api/images/users/${id}`, await png(), { cookie: admin });
      expect(res.status).toBe(200);
      const removed = await authApi('POST', '/admin/remove-user', { cookie: admin, body: { userId: id } });
      expect(removed.status).toBe(200);
      for (const key of copiesOf(res.body.url!)) expect(await stored(key), key).toBe(false);
    });
  });

  // example:start
  describe('seeded covers', () => {
    it('stores no picture for the demo books: their covers are drawn by the pages (decision 085)', async () => {
      const found = await api<{ items: Array<{ title: string; coverImage: string | null }> }>(
        'GET',
        '/books?searchTerm=Treasure%20Island',
        {
          cookie: member,
        },
      );
      const treasure = found.body.items.find((b) => b.title === 'Treasure Island');
      expect(treasure).toBeDefined();
      expect(treasure!.coverImage).toBeNull();
    });
  });
  // example:end

  describe('rate limit', () => {
    it('allows 30 picture changes per user in 10 minutes, then answers 429 in the caller’s language', async () => {
      const busy = await signIn('busy.uploader@example.com');
      const id = (await authApi<{ user: { id: string } }>('GET', '/get-session', { cookie: busy })).body.user.id;
      for (let i = 0; i < 30; i++) expect((await remove(`/api/images/users/${id}`, busy)).status, `change ${i + 1}`).toBe(200);
      const refused = await send('DELETE', `/api/images/users/${id}`, { cookie: busy, language: 'fr' });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: "Trop de changements d'image. Patientez quelques minutes puis réessayez.",
      });
      // Another user is not affected.
      expect((await remove(`/api/images/users/${memberId}`, member)).status).toBe(200);
    });
  });

  describe('/uploads', () => {
    it('serves nothing outside the storage: traversal and odd keys are 404', async () => {
      for (const path of [
        '/uploads/../package.json',
        '/uploads/users/%2e%2e/%2e%2e/package.json',
        '/uploads/users/x/..%2f..%2fenv.webp',
        '/uploads/users',
      ]) {
        const res = await send('GET', path);
        expect(res.status, path).toBe(404);
      }
    });
  });
}
