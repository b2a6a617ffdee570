// An organisation's owners require a second factor of its members (issue #57, decision 095): a member without one
// is refused the organisation's page, its rows and the plugin's own endpoints on it, with a translated message that
// names it; they still list their organisations and may leave. The flag the rule reads is set in the database here:
// setting a factor up through the real flow is tests/support/two-factor-api-suite.ts's.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '#/server/db/index.ts';
import { auditEvent, member, organization, user } from '#/server/db/schema.ts';
import { api, authApi, signIn } from '../../../tests/support/api.ts';

const stamp = Date.now().toString(36);
const emails = {
  owner: `tfa-org-owner-${stamp}@example.org`,
  admin: `tfa-org-admin-${stamp}@example.org`,
  member: `tfa-org-member-${stamp}@example.org`,
};
const cookies = {} as Record<keyof typeof emails, string>;
const ids = {} as Record<keyof typeof emails, string>;
const orgId = crypto.randomUUID();
const slug = `tfa-${stamp}`;

const setFactor = async (who: keyof typeof emails, on: boolean) =>
  (await database()).update(user).set({ twoFactorEnabled: on }).where(eq(user.id, ids[who]));
const requirement = (who: keyof typeof emails, required: boolean, language?: string) =>
  api('PUT', `/organizations/${slug}/two-factor-requirement`, { cookie: cookies[who], body: { required }, language });

beforeAll(async () => {
  const db = await database();
  for (const who of Object.keys(emails) as Array<keyof typeof emails>) {
    cookies[who] = await signIn(emails[who]);
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, emails[who]));
    ids[who] = row!.id;
  }
  await db.insert(organization).values({ id: orgId, name: 'Guarded Books', slug });
  for (const who of ['owner', 'admin', 'member'] as const) {
    await db.insert(member).values({ id: crypto.randomUUID(), organizationId: orgId, userId: ids[who], role: who });
  }
  const active = await authApi('POST', '/organization/set-active', { cookie: cookies.member, body: { organizationId: orgId } });
  expect(active.status).toBe(200);
});

describe("an organisation's second-factor requirement", () => {
  it('is set by an owner who has a second factor, and audited', async () => {
    const without = await requirement('owner', true);
    expect(without.status).toBe(409);
    expect(without.body).toMatchObject({
      code: 'OWN_TWO_FACTOR_REQUIRED',
      message: 'Turn on two-factor authentication for yourself before requiring it of the members',
    });
    await setFactor('owner', true);
    await setFactor('admin', true);
    const byAdmin = await requirement('admin', true);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toMatchObject({ message: 'Only the organisation’s owners can require two-factor authentication' });

    const set = await requirement('owner', true);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ requireTwoFactor: true });
    const db = await database();
    const [row] = await db.select({ required: organization.requireTwoFactor }).from(organization).where(eq(organization.id, orgId));
    expect(row?.required).toBe(true);
    const [event] = await db
      .select({ actorId: auditEvent.actorId, details: auditEvent.details })
      .from(auditEvent)
      .where(and(eq(auditEvent.action, 'organization.updated'), eq(auditEvent.targetId, orgId)))
      .orderBy(desc(auditEvent.createdAt))
      .limit(1);
    expect(event).toMatchObject({ actorId: ids.owner, details: { requireTwoFactor: true } });
  });

  it("refuses a member without one the organisation's page, rows and endpoints, in their language", async () => {
    const page = await api('GET', `/organizations/${slug}`, { cookie: cookies.member });
    expect(page.status).toBe(403);
    expect(page.body).toMatchObject({
      code: 'ORGANIZATION_REQUIRES_TWO_FACTOR',
      message: 'Guarded Books requires two-factor authentication: turn it on on your account page to see its content',
    });
    const inFrench = await api('GET', `/organizations/${slug}`, { cookie: cookies.member, language: 'fr' });
    expect(inFrench.body).toMatchObject({
      message: 'Guarded Books exige l’authentification à deux facteurs : activez-la sur la page de votre compte pour voir son contenu',
    });
    // example:start
    expect((await api('GET', '/shelf', { cookie: cookies.member })).body).toMatchObject({ code: 'ORGANIZATION_REQUIRES_TWO_FACTOR' });
    // example:end
    const members = await authApi('GET', '/organization/list-members', { cookie: cookies.member, body: { organizationId: orgId } });
    expect(members.status).toBe(403);
    expect(members.body).toMatchObject({ code: 'ORGANIZATION_REQUIRES_TWO_FACTOR' });
    const invite = await authApi('POST', '/organization/invite-member', {
      cookie: cookies.member,
      body: { organizationId: orgId, email: `x-${stamp}@example.org`, role: 'member' },
    });
    expect(invite.body).toMatchObject({ code: 'ORGANIZATION_REQUIRES_TWO_FACTOR' });

    // Their organisations' names still answer (the app's frame lists them), and members with a factor are let in.
    const mine = await api<{ organizations: Array<{ id: string }> }>('GET', '/organizations', { cookie: cookies.member });
    expect(mine.status).toBe(200);
    expect(mine.body.organizations.map((o) => o.id)).toContain(orgId);
    const owners = await api<{ requireTwoFactor: boolean }>('GET', `/organizations/${slug}`, { cookie: cookies.owner });
    expect(owners.status).toBe(200);
    expect(owners.body.requireTwoFactor).toBe(true);
    expect((await authApi('GET', '/organization/list-members', { cookie: cookies.owner, body: { organizationId: orgId } })).status).toBe(
      200,
    );
  });

  it('lets the member in once they turn a factor on, or once the owners lift it', async () => {
    await setFactor('member', true);
    expect((await api('GET', `/organizations/${slug}`, { cookie: cookies.member })).status).toBe(200);
    await setFactor('member', false);
    expect((await api('GET', `/organizations/${slug}`, { cookie: cookies.member })).status).toBe(403);
    expect((await requirement('owner', false)).status).toBe(200);
    expect((await api('GET', `/organizations/${slug}`, { cookie: cookies.member })).status).toBe(200);
  });

  it('never keeps a member from leaving', async () => {
    expect((await requirement('owner', true)).status).toBe(200);
    const left = await authApi('POST', '/organization/leave', { cookie: cookies.member, body: { organizationId: orgId } });
    expect(left.status).toBe(200);
  });
});
