// Through the auth API with real e-mail codes: each sign-in makes a new session, as a browser's does.
import { describe, expect, it } from 'vitest';
import { authApi, signIn } from '../../tests/support/api.ts';

let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

async function activeIn(cookie: string): Promise<string | null> {
  const res = await authApi<{ session: { activeOrganizationId?: string | null } }>('GET', '/get-session', { cookie });
  expect(res.status).toBe(200);
  return res.body.session.activeOrganizationId ?? null;
}

async function createOrganization(cookie: string, keepCurrentActiveOrganization = false): Promise<string> {
  const slug = unique('kept');
  const res = await authApi<{ id: string }>('POST', '/organization/create', {
    cookie,
    body: { name: `Kept ${slug}`, slug, keepCurrentActiveOrganization },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

describe('the active organisation across sign-ins', () => {
  it('a person with one organisation has it active in a new session, though it was never chosen', async () => {
    const email = `${unique('one')}@example.org`;
    const first = await signIn(email);
    const only = await createOrganization(first, true);
    expect(await activeIn(first)).toBeNull();
    expect(await activeIn(await signIn(email))).toBe(only);
  });

  it('a new session starts in the organisation last active, after signing out', async () => {
    const email = `${unique('two')}@example.org`;
    const first = await signIn(email);
    const a = await createOrganization(first);
    const b = await createOrganization(first);
    expect(await activeIn(first)).toBe(b);
    await authApi('POST', '/organization/set-active', { cookie: first, body: { organizationId: a } });
    expect((await authApi('POST', '/sign-out', { cookie: first })).status).toBe(200);

    const second = await signIn(email);
    expect(await activeIn(second)).toBe(a);
    await authApi('POST', '/organization/set-active', { cookie: second, body: { organizationId: b } });
    expect(await activeIn(await signIn(email))).toBe(b);

    // "No organisation" chosen among several: none.
    await authApi('POST', '/organization/set-active', { cookie: second, body: { organizationId: null } });
    expect(await activeIn(await signIn(email))).toBeNull();
  });

  it('an organisation the person has left is not restored: their only other one is', async () => {
    const email = `${unique('left')}@example.org`;
    const owner = await signIn(`${unique('owner')}@example.org`);
    const theirs = await createOrganization(owner);
    const me = await signIn(email);
    const mine = await createOrganization(me, true);
    const invited = await authApi<{ id: string }>('POST', '/organization/invite-member', {
      cookie: owner,
      body: { organizationId: theirs, email, role: 'member' },
    });
    expect(invited.status).toBe(200);
    expect((await authApi('POST', '/organization/accept-invitation', { cookie: me, body: { invitationId: invited.body.id } })).status).toBe(
      200,
    );
    expect(await activeIn(me)).toBe(theirs);
    expect((await authApi('POST', '/organization/leave', { cookie: me, body: { organizationId: theirs } })).status).toBe(200);
    expect(await activeIn(await signIn(email))).toBe(mine);
  });
});
