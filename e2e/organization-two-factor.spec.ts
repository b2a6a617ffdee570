// An organisation's owners require a second factor of its members (docs/decisions/095-who-must-have-a-second-factor.md):
// a member without one meets, in place of its content, what is missing and the way to the set-up.
import { secretOf, totpCode } from '../tests/support/totp.ts';
import { clientHeaders, expect, hydrated, signInViaApi, test } from './support/fixtures';

test('a member without a second factor is shown the way to set one up instead of the organisation', async ({ browser, app, sink }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const slug = `guarded-${stamp}`;
  const name = `Guarded ${stamp}`;
  const contextOf = () => browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });

  // The owner has an authenticator app, makes the organisation and invites the member.
  const ownerContext = await contextOf();
  const owner = ownerContext.request;
  await signInViaApi(owner, app, sink, `guard-owner.${stamp}@example.org`);
  const headers = { Origin: app.url };
  const started = await owner.post('/api/auth/two-factor/enable', { data: {}, headers });
  expect(started.status()).toBe(200);
  const secret = secretOf(((await started.json()) as { totpURI: string }).totpURI);
  expect((await owner.post('/api/auth/two-factor/verify-totp', { data: { code: totpCode(secret) }, headers })).status()).toBe(200);
  expect((await owner.post('/api/auth/organization/create', { data: { name, slug }, headers })).status()).toBe(200);
  const memberEmail = `guard-member.${stamp}@example.org`;
  const invited = await owner.post('/api/auth/organization/invite-member', { data: { email: memberEmail, role: 'member' }, headers });
  expect(invited.status()).toBe(200);
  const invitationId = ((await invited.json()) as { id: string }).id;

  const memberContext = await contextOf();
  await signInViaApi(memberContext.request, app, sink, memberEmail);
  expect((await memberContext.request.post('/api/auth/organization/accept-invitation', { data: { invitationId }, headers })).status()).toBe(
    200,
  );

  // Before the rule, the member sees the organisation; after it, the way to a second factor.
  const member = await memberContext.newPage();
  await member.goto('/app');
  await hydrated(member);
  await member.getByLabel('What is your name?').fill('Mo Member');
  await member.getByRole('button', { name: 'Continue' }).click();
  await expect(member.getByLabel('What is your name?')).toHaveCount(0);
  await member.goto(`/app/organizations/${slug}`);
  await expect(member.getByText('Your role: Member')).toBeVisible();
  // The owner turns the rule on from the organisation's settings.
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/app');
  await hydrated(ownerPage);
  await ownerPage.getByLabel('What is your name?').fill('Olga Owner');
  await ownerPage.getByRole('button', { name: 'Continue' }).click();
  await expect(ownerPage.getByLabel('What is your name?')).toHaveCount(0);
  await ownerPage.goto(`/app/organizations/${slug}?tab=settings`);
  await hydrated(ownerPage);
  const rule = ownerPage.getByRole('checkbox', { name: 'Require two-factor authentication of every member' });
  await expect(rule).not.toBeChecked();
  await rule.click();
  await expect(ownerPage.getByText('Two-factor authentication required of every member')).toBeVisible();
  await expect(rule).toBeChecked();

  await member.goto(`/app/organizations/${slug}`);
  await expect(member.getByRole('heading', { level: 1, name })).toBeVisible();
  const needed = member.getByTestId('second-factor-needed');
  await expect(needed).toContainText(`${name} requires two-factor authentication`);
  await expect(member.getByText('Your role: Member')).toHaveCount(0);
  // Home, with the organisation active, says the same in place of its shelf.
  await member.goto('/app');
  await expect(member.getByTestId('second-factor-needed')).toContainText(`${name} requires two-factor authentication`);
  await member.goto(`/app/organizations/${slug}`);
  await hydrated(member);
  await needed.getByRole('link', { name: 'Set up two-factor authentication' }).click();
  await expect(member).toHaveURL(/\/app\/account#two-factor$/);
  await expect(member.getByRole('region', { name: 'Two-factor authentication' })).toBeVisible();

  await ownerContext.close();
  await memberContext.close();
});
