import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { TEST_DATABASE_URL } from '../tests/support/databases';
import { seriousViolations, SWEEP } from './support/a11y';
import { withAppOnPostgres } from './support/app-on-postgres';
import { clientHeaders, expect, signInViaApi, test, hydrated, signInThroughUi } from './support/fixtures';
import { identity } from '#/lib/identity.ts';

async function onboard(page: Page, name: string) {
  await page.getByLabel('What is your name?').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The form gives way to the page it stood in for (its welcome toast may be gone on a busy machine).
  await expect(page.getByLabel('What is your name?')).toHaveCount(0);
}

const invitationLink = (text: string) => /https?:\/\/[^\s]+\/invitations\/[0-9a-f-]+/.exec(text)?.[0];

async function openTab(page: Page, slug: string, tab: string) {
  await page.goto(`/app/organizations/${slug}?tab=${tab}`);
  await hydrated(page);
}

test.describe('organisations', () => {
  test('create, invite by e-mail, sign up and accept, promote, teams, shelves, leave, remove, cancel, decline, delete', async ({
    browser,
    app,
    sink,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const ownerEmail = `owner.${stamp}@example.org`;
    const inviteeEmail = `invitee.${stamp}@example.org`;
    const slug = `acme-${stamp}`;

    // The owner signs up and creates an organisation from the app.
    const ownerContext = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const owner = await ownerContext.newPage();
    await owner.goto('/login');
    await signInThroughUi(owner, sink, ownerEmail);
    await onboard(owner, 'Olive Owner');
    await expect(owner).toHaveURL(/\/app$/);
    await owner.goto('/app/organizations');
    await hydrated(owner);
    // None yet: the empty state offers the one 'New organisation' on the page.
    await expect(owner.getByText('No organisations yet')).toBeVisible();
    await expect(owner.getByText('New organisation', { exact: true })).toHaveCount(1);
    await owner.getByRole('button', { name: 'New organisation' }).click();
    await owner.getByLabel('Name').fill(`Acme ${stamp}`);
    await expect(owner.getByLabel('Slug')).toHaveValue(slug);
    await owner.getByRole('button', { name: 'Create' }).click();
    await expect(owner).toHaveURL(new RegExp(`/app/organizations/${slug}$`));
    await expect(owner.getByText('Your role: Owner')).toBeVisible();
    // The creator's session has it active: the top bar says so.
    await expect(owner.getByTestId('organization-switcher').filter({ visible: true })).toHaveText(`Acme ${stamp}`);

    // Invite an address with no account, as a member; the e-mail links to /invitations/{id}.
    await openTab(owner, slug, 'invitations');
    const since = Date.now();
    await owner.getByLabel('Email', { exact: true }).fill(inviteeEmail);
    await owner.getByRole('button', { name: 'Invite' }).click();
    await expect(owner.getByText(`Invitation sent to ${inviteeEmail}`)).toBeVisible();
    await expect(owner.getByTestId('pending-invitations')).toContainText(inviteeEmail);
    const mail = await sink.waitForMail(inviteeEmail, since);
    // The organisation's name (anyone's free text) stays out of the subject.
    expect(mail.subject).toBe(`Olive Owner invites you to join an organisation on ${identity.name}`);
    const link = invitationLink(mail.text);
    expect(link).toBeTruthy();

    // The invitee opens the link signed out, signs up with the e-mail code and lands on the invitation.
    const inviteeContext = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const invitee = await inviteeContext.newPage();
    await invitee.goto(new URL(link!).pathname);
    await expect(invitee).toHaveURL(/\/login\?redirect=%2Finvitations%2F/);
    // The sign-in page says who invites them where, as the e-mail did.
    await expect(invitee.getByTestId('invitation-notice')).toHaveText(`Olive Owner invites you to join Acme ${stamp}. Sign in to accept.`);
    await signInThroughUi(invitee, sink, inviteeEmail);
    // A new account gives its name first, on the invitation's page, which then shows the invitation.
    await expect(invitee).toHaveURL(/\/invitations\//);
    await onboard(invitee, 'Ivy Invitee');
    await expect(invitee).toHaveURL(/\/invitations\//);
    await expect(invitee.getByTestId('invitation-message')).toHaveText(`Olive Owner invites you to join Acme ${stamp} as Member.`);
    await invitee.getByRole('button', { name: 'Accept' }).click();
    await expect(invitee).toHaveURL(new RegExp(`/app/organizations/${slug}$`));
    await expect(invitee.getByText('Your role: Member')).toBeVisible();

    // A plain member sees no invite form, and the API refuses them.
    await openTab(invitee, slug, 'invitations');
    await expect(invitee.getByTestId('invite-form')).toHaveCount(0);
    await expect(invitee.getByText('Only owners and admins can invite people.')).toBeVisible();
    const orgs = (await (await invitee.request.get('/api/rpc/organizations')).json()) as {
      organizations: Array<{ id: string; slug: string }>;
    };
    const acmeId = orgs.organizations.find((o) => o.slug === slug)!.id;
    const refused = await invitee.request.post('/api/auth/organization/invite-member', {
      data: { organizationId: acmeId, email: `nobody.${stamp}@example.org`, role: 'member' },
      headers: { Origin: app.url },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION' });

    // The owner promotes them to admin.
    await openTab(owner, slug, 'members');
    await owner.getByLabel(/^Role of Ivy Invitee$/).click();
    await owner.getByRole('option', { name: 'Admin' }).click();
    await expect(owner.getByText('Ivy Invitee is now Admin')).toBeVisible();

    // The new admin creates a team and adds a member to it.
    await openTab(invitee, slug, 'teams');
    await invitee.getByLabel('Team name').fill('Editors');
    await invitee.getByRole('button', { name: 'New team' }).click();
    await expect(invitee.getByText('Team Editors created')).toBeVisible();
    const team = invitee.getByTestId('team-Editors');
    await team.getByLabel('Add a member').click();
    await invitee.getByRole('option', { name: 'Olive Owner' }).click();
    await team.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(invitee.getByText('Olive Owner added to Editors')).toBeVisible();
    await expect(team.getByRole('button', { name: 'Remove Olive Owner from the team' })).toBeVisible();

    // The shelf follows the active organisation: a book in Acme, then a second organisation is empty.
    await openTab(owner, slug, 'shelf');
    // The picker asks the server as one types: a book past the first page of 20 is found.
    const picker = owner.getByTestId('shelf-add-form').getByRole('combobox');
    await picker.click();
    await owner.getByRole('textbox', { name: 'Find a book by title or author' }).fill('wuther');
    await expect(owner.getByRole('option')).toHaveText(['Wuthering Heights — Emily Brontë']);
    await owner.getByRole('option').click();
    await expect(picker).toHaveText('Wuthering Heights — Emily Brontë');
    await owner.getByLabel('Note').fill('For the book club');
    await owner.getByRole('button', { name: 'Add to the shelf' }).click();
    await expect(owner.getByTestId('shelf-items')).toContainText('Wuthering Heights');
    await expect(owner.getByTestId('shelf-items')).toContainText('For the book club');
    const acmeShelf = (await (await owner.request.get('/api/rpc/shelf')).json()) as { items: Array<{ id: string }> };
    const acmeItem = acmeShelf.items[0]!.id;
    const betaSlug = `beta-${stamp}`;
    const beta = await owner.request.post('/api/auth/organization/create', {
      // Acme stays active: the switcher below makes Beta active.
      data: { name: `Beta ${stamp}`, slug: betaSlug, keepCurrentActiveOrganization: true },
      headers: { Origin: app.url },
    });
    expect(beta.status()).toBe(200);
    await owner.goto('/app/organizations');
    await hydrated(owner);
    // With organisations, 'New organisation' is the page header's action, once.
    await expect(owner.getByRole('banner').getByRole('button', { name: 'New organisation' })).toHaveCount(0);
    await expect(owner.getByRole('main').getByRole('button', { name: 'New organisation' })).toHaveCount(1);
    await owner.getByTestId('organization-switcher').filter({ visible: true }).click();
    await owner.getByRole('menuitemradio', { name: `Beta ${stamp}` }).click();
    await expect(owner.getByText(`Beta ${stamp} is now your active organisation`)).toBeVisible();
    await openTab(owner, betaSlug, 'shelf');
    await expect(owner.getByText('The shelf is empty')).toBeVisible();
    await owner.getByTestId('organization-switcher').filter({ visible: true }).click();
    await owner.getByRole('menuitemradio', { name: `Acme ${stamp}` }).click();
    // The switch is a request: navigating before it answers would show Beta's shelf still active.
    await expect(owner.getByText(`Acme ${stamp} is now your active organisation`)).toBeVisible();
    await openTab(owner, slug, 'shelf');
    await expect(owner.getByTestId('shelf-items')).toContainText('For the book club');
    // The menu marks the active one, says one's role in each, and leads to a new one and to its settings.
    await owner.getByTestId('organization-switcher').filter({ visible: true }).click();
    const menu = owner.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: `Acme ${stamp}` })).toHaveAttribute('aria-checked', 'true');
    await expect(menu.getByRole('menuitemradio', { name: `Acme ${stamp}` })).toContainText('Owner');
    await expect(menu.getByRole('menuitem', { name: 'New organisation' })).toHaveAttribute('href', '/app/organizations');
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(owner).toHaveURL(new RegExp(`/app/organizations/${slug}\\?tab=settings$`));

    // A member of Acme only gets 404 for Beta's page, and for Beta's shelf row.
    const betaItem = await (async () => {
      await owner.request.post('/api/auth/organization/set-active', { data: { organizationSlug: betaSlug }, headers: { Origin: app.url } });
      const books = (await (await owner.request.get('/api/rpc/books?limit=3')).json()) as { items: Array<{ id: string }> };
      const added = await owner.request.post('/api/rpc/shelf', {
        data: { bookId: books.items[2]!.id, note: 'Beta only' },
        headers: { Origin: app.url },
      });
      expect(added.status()).toBe(201);
      const id = ((await added.json()) as { id: string }).id;
      await owner.request.post('/api/auth/organization/set-active', { data: { organizationSlug: slug }, headers: { Origin: app.url } });
      return id;
    })();
    const notMine = await invitee.goto(`/app/organizations/${betaSlug}`);
    expect(notMine?.status()).toBe(404);
    await expect(invitee.getByText('This page could not be found')).toBeVisible();
    expect((await invitee.request.get(`/api/rpc/shelf/${betaItem}`)).status()).toBe(404);
    expect((await invitee.request.delete(`/api/rpc/shelf/${betaItem}`, { headers: { Origin: app.url } })).status()).toBe(404);
    expect((await invitee.request.get(`/api/rpc/shelf/${acmeItem}`)).status()).toBe(200);

    // Cancel: an invitation the owner takes back.
    await openTab(owner, slug, 'invitations');
    const cancelled = `cancelled.${stamp}@example.org`;
    await owner.getByLabel('Email', { exact: true }).fill(cancelled);
    await owner.getByRole('button', { name: 'Invite' }).click();
    await expect(owner.getByTestId('pending-invitations')).toContainText(cancelled);
    await owner
      .getByTestId('pending-invitations')
      .getByRole('listitem')
      .filter({ hasText: cancelled })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(owner.getByText(`Invitation to ${cancelled} cancelled`)).toBeVisible();
    await expect(owner.getByTestId('pending-invitations')).not.toContainText(cancelled);

    // Decline: another address opens its invitation and declines it; the link then says so.
    const decliner = `decliner.${stamp}@example.org`;
    const since2 = Date.now();
    await owner.getByLabel('Email', { exact: true }).fill(decliner);
    await owner.getByRole('button', { name: 'Invite' }).click();
    const declineLink = invitationLink((await sink.waitForMail(decliner, since2)).text)!;
    const declinerContext = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    await signInViaApi(declinerContext.request, app, sink, decliner);
    const declinerPage = await declinerContext.newPage();
    await declinerPage.goto(new URL(declineLink).pathname);
    await hydrated(declinerPage);
    // A new account gives its name first, then sees the invitation.
    await onboard(declinerPage, 'Dee Decliner');
    await declinerPage.getByRole('button', { name: 'Decline' }).click();
    await expect(declinerPage.getByText('Invitation declined')).toBeVisible();
    await expect(declinerPage.getByTestId('invitation-message')).toHaveText('This invitation was declined.');
    // The invitee (another address) sees the wrong-recipient message for it.
    await invitee.goto(new URL(declineLink).pathname);
    await expect(invitee.getByTestId('invitation-message')).toHaveText(
      'This invitation is for another email address. Sign in with the address it was sent to.',
    );
    await declinerContext.close();

    // Remove: the decliner joins after all (a new invitation, accepted over the API), then the owner removes them.
    const joinerContext = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    await signInViaApi(joinerContext.request, app, sink, decliner);
    const again = await owner.request.post('/api/auth/organization/invite-member', {
      data: { organizationId: acmeId, email: decliner, role: 'member' },
      headers: { Origin: app.url },
    });
    const againId = ((await again.json()) as { id: string }).id;
    expect(
      (
        await joinerContext.request.post('/api/auth/organization/accept-invitation', {
          data: { invitationId: againId },
          headers: { Origin: app.url },
        })
      ).status(),
    ).toBe(200);
    await joinerContext.close();
    await openTab(owner, slug, 'members');
    await owner.getByTestId(`member-${decliner}`).getByRole('button', { name: 'Remove' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(owner.getByText('Dee Decliner removed')).toBeVisible();
    await expect(owner.getByTestId(`member-${decliner}`)).toHaveCount(0);

    // The last owner cannot leave (disabled, with the reason; the API refuses too).
    await expect(owner.getByRole('button', { name: 'Leave organisation' })).toBeDisabled();
    await expect(owner.getByText('You are the only owner: make someone else owner before you leave.')).toBeVisible();
    const leave = await owner.request.post('/api/auth/organization/leave', {
      data: { organizationId: acmeId },
      headers: { Origin: app.url },
    });
    expect(await leave.json()).toMatchObject({ code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER' });

    // Leave: the invitee (an admin) leaves.
    await openTab(invitee, slug, 'members');
    await invitee.getByRole('button', { name: 'Leave organisation' }).click();
    await invitee.getByRole('dialog').getByRole('button', { name: 'Leave organisation' }).click();
    await expect(invitee).toHaveURL(/\/app\/organizations$/);
    expect((await invitee.goto(`/app/organizations/${slug}`))?.status()).toBe(404);

    // Settings: only the owner deletes, with the slug typed; the shelf goes with the organisation.
    await openTab(owner, slug, 'settings');
    await owner.getByRole('button', { name: 'Delete organisation' }).click();
    const dialog = owner.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Delete organisation' })).toBeDisabled();
    await dialog.getByLabel(`Type ${slug} to confirm`).fill(slug);
    await dialog.getByRole('button', { name: 'Delete organisation' }).click();
    await expect(owner).toHaveURL(/\/app\/organizations$/);
    await expect(owner.getByText(`Organisation Acme ${stamp} deleted`)).toBeVisible();
    expect((await owner.request.get(`/api/rpc/organizations/${slug}`)).status()).toBe(404);
    await owner.request.post('/api/auth/organization/set-active', { data: { organizationSlug: betaSlug }, headers: { Origin: app.url } });
    expect((await owner.request.get(`/api/rpc/shelf/${acmeItem}`)).status()).toBe(404);

    await ownerContext.close();
    await inviteeContext.close();
  });

  test('the overview counts members, teams and pending invitations in cards that open their tab', async ({ userPage: page, app }) => {
    const slug = `stats-${Date.now().toString(36)}`;
    const created = await page.request.post('/api/auth/organization/create', {
      data: { name: `Stats ${slug}`, slug },
      headers: { Origin: app.url },
    });
    const id = ((await created.json()) as { id: string }).id;
    for (const email of ['one', 'two'])
      await page.request.post('/api/auth/organization/invite-member', {
        data: { organizationId: id, email: `${email}.${slug}@example.org`, role: 'member' },
        headers: { Origin: app.url },
      });
    await openTab(page, slug, 'overview');
    const count = (tab: string) => page.getByTestId(`organization-count-${tab}`);
    await expect(count('members').locator('dd').first()).toHaveText('1');
    await expect(count('members')).toContainText('1 member');
    // Its first team comes with it.
    await expect(count('teams')).toContainText('1 team');
    await expect(count('invitations').locator('dd').first()).toHaveText('2');
    await expect(count('invitations')).toContainText('2 pending invitations');
    // Anywhere on the card opens the tab (the label's link covers it).
    const box = (await count('invitations').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 8);
    await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}\\?tab=invitations$`));
    await page.request.post('/api/auth/organization/delete', { data: { organizationId: id }, headers: { Origin: app.url } });
  });

  for (const [lng, scheme] of SWEEP)
    test(`the organisation pages pass axe (${lng}, ${scheme}) and fit 375 px`, async ({ userPage: page, adminPage, app }) => {
      test.setTimeout(120_000);
      const slug = `axe-${lng}-${Date.now().toString(36)}`;
      const created = await page.request.post('/api/auth/organization/create', {
        data: { name: 'مكتبة القرّاء', slug },
        headers: { Origin: app.url },
      });
      const orgId = ((await created.json()) as { id: string }).id;
      const paths = [
        '/app/organizations',
        ...['overview', 'members', 'invitations', 'teams', 'shelf', 'webhooks', 'settings'].map(
          (tab) => `/app/organizations/${slug}?tab=${tab}`,
        ),
      ];
      const managerPaths = ['/manager/organizations', `/manager/organizations/${orgId}`];
      for (const [p, list] of [
        [page, paths],
        [adminPage, managerPaths],
      ] as const) {
        await p.emulateMedia({ colorScheme: scheme });
        for (const path of list) {
          await p.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
          await hydrated(p);
          expect(await seriousViolations(p), `${path} ${lng} ${scheme}`).toEqual([]);
        }
      }
      for (const [p, list] of [
        [page, paths],
        [adminPage, managerPaths],
      ] as const) {
        await p.setViewportSize({ width: 375, height: 812 });
        for (const path of list) {
          await p.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
          await p.waitForLoadState('networkidle');
          const { scrollWidth, innerWidth } = await p.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          expect.soft(scrollWidth, `${path} (${lng}) at 375 px`).toBeLessThanOrEqual(innerWidth);
        }
      }
    });

  test('the manager lists and searches every organisation, shows members and invitations, and an admin deletes one', async ({
    userPage,
    adminPage: page,
    app,
  }) => {
    const stamp = Date.now().toString(36);
    const created = await userPage.request.post('/api/auth/organization/create', {
      data: { name: `Gamma ${stamp}`, slug: `gamma-${stamp}` },
      headers: { Origin: app.url },
    });
    const id = ((await created.json()) as { id: string }).id;
    await userPage.request.post('/api/auth/organization/invite-member', {
      data: { organizationId: id, email: `pending.${stamp}@example.org`, role: 'admin' },
      headers: { Origin: app.url },
    });
    await page.goto(`/manager/organizations?searchTerm=gamma-${stamp}`);
    await hydrated(page);
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(`Gamma ${stamp}`);
    await table.getByRole('link', { name: `Gamma ${stamp}` }).click();
    await expect(page).toHaveURL(new RegExp(`/manager/organizations/${id}$`));
    await expect(page.getByTestId('manager-organization-members')).toContainText('user@example.com');
    await expect(page.getByText(`pending.${stamp}@example.org`)).toBeVisible();
    await page.getByRole('button', { name: 'Delete organisation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete organisation' }).click();
    await expect(page).toHaveURL(/\/manager\/organizations$/);
    await expect(page.getByText(`Organisation Gamma ${stamp} deleted`)).toBeVisible();
    expect((await userPage.request.get(`/api/rpc/organizations/gamma-${stamp}`)).status()).toBe(404);
    // A user without the manager gets its 403 page, and the API refuses them.
    expect((await userPage.request.get('/api/rpc/manager/organizations')).status()).toBe(403);
  });
});

test.describe('organisations: logo, team rename and delete, an expired invitation', () => {
  test('an owner uploads the logo on Settings and sees it on the page and in the switcher; a team is renamed and deleted', async ({
    userPage: page,
    app,
    adminPage,
  }) => {
    test.setTimeout(120_000);
    const slug = `logo-${Date.now().toString(36)}`;
    const origin = { Origin: app.url };
    const created = await page.request.post('/api/auth/organization/create', { data: { name: 'Logo Library', slug }, headers: origin });
    expect(created.status()).toBe(200);
    const id = ((await created.json()) as { id: string }).id;

    // The logo: uploaded on Settings, then on the page's header and in the switcher.
    await openTab(page, slug, 'settings');
    await expect(page.locator('[data-uploader="ready"]')).toBeVisible();
    await page.getByLabel('Choose a file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#aa3366' } })
        .png()
        .toBuffer(),
    });
    await expect(page.getByText('Picture saved')).toBeVisible();
    const logo = new RegExp(`^/uploads/organizations/${id}/[0-9a-f]{32}-256\\.webp$`);
    const heading = page.getByRole('heading', { level: 1, name: 'Logo Library' });
    await expect(heading.locator('xpath=..').locator('img[data-avatar="picture"]')).toHaveAttribute('src', logo);
    await page.request.post('/api/auth/organization/set-active', { data: { organizationId: id }, headers: origin });
    await page.reload();
    await hydrated(page);
    await expect(page.locator('header img[data-avatar="picture"]').filter({ visible: true }).first()).toHaveAttribute('src', logo);

    // Teams: create, rename, delete, through the page.
    await openTab(page, slug, 'teams');
    await page.getByTestId('create-team-form').getByLabel('Team name').fill('Readers');
    await page.getByRole('button', { name: 'New team' }).click();
    await expect(page.getByText('Team Readers created')).toBeVisible();
    const readers = page.getByTestId('team-Readers');
    await readers.getByRole('button', { name: 'Rename' }).click();
    await readers.getByLabel('Team name').fill('Critics');
    await readers.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Team renamed')).toBeVisible();
    const critics = page.getByTestId('team-Critics');
    await expect(critics.getByRole('heading', { name: 'Critics' })).toBeVisible();
    await expect(page.getByTestId('team-Readers')).toHaveCount(0);
    await critics.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('Delete the team Critics?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Team Critics deleted')).toBeVisible();
    await expect(page.getByTestId('team-Critics')).toHaveCount(0);
    // The plugin's default team (named after the organisation) is still there.
    await expect(page.getByTestId('team-Logo Library')).toBeVisible();

    // Deleting the organisation deletes the logo's stored copies.
    const url = await page.locator('header img[data-avatar="picture"]').filter({ visible: true }).first().getAttribute('src');
    expect((await page.request.get(url!)).status()).toBe(200);
    // By the manager: the owner's delete asks for a sign-in of the last ten minutes (decision 102),
    // older than that for a worker's session late in a run.
    expect((await adminPage.request.delete(`/api/rpc/manager/organizations/${id}`, { headers: origin })).status()).toBe(200);
    expect((await page.request.get(url!)).status()).toBe(404);
  });

  test('an expired invitation shows its own translated message in the browser', async ({ browser }) => {
    test.skip(!TEST_DATABASE_URL, 'ages the invitation in the database: needs TEST_DATABASE_URL (CI sets it to the local PostgreSQL)');
    test.setTimeout(120_000);
    await withAppOnPostgres({}, async ({ app, sink, db }) => {
      const stamp = Date.now().toString(36);
      const invitee = `late.${stamp}@example.org`;
      const ownerContext = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: { ...clientHeaders(), Origin: app.url } });
      await signInViaApi(ownerContext.request, app, sink, `host.${stamp}@example.org`);
      const org = await ownerContext.request.post('/api/auth/organization/create', { data: { name: 'Late Club', slug: `late-${stamp}` } });
      expect(org.status()).toBe(200);
      const invited = await ownerContext.request.post('/api/auth/organization/invite-member', {
        data: { organizationId: ((await org.json()) as { id: string }).id, email: invitee, role: 'member' },
      });
      expect(invited.status()).toBe(200);
      const invitationId = ((await invited.json()) as { id: string }).id;
      // Its 48 hours are over.
      await db.query(`update invitation set expires_at = now() - interval '1 minute' where id = $1`, [invitationId]);

      // One sign-in (codes are rate-limited per address), the page in English then in French.
      const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders(), locale: 'en-GB' });
      await signInViaApi(context.request, app, sink, invitee);
      // Onboarded, as the onboarding form does it: the page then shows the invitation's state.
      const onboarded = await context.request.post('/api/auth/update-user', {
        data: { name: 'Ivo Invitee', onboardedAt: new Date().toISOString() },
        headers: { Origin: app.url },
      });
      expect(onboarded.status()).toBe(200);
      const page = await context.newPage();
      for (const [language, message] of [
        ['en', 'This invitation has expired. Ask for a new one.'],
        ['fr', 'Cette invitation a expiré. Demandez-en une nouvelle.'],
      ] as const) {
        await context.addCookies([{ name: 'i18next', value: language, url: app.url }]);
        await page.goto(`/invitations/${invitationId}`);
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByTestId('invitation-message')).toHaveText(message);
        await expect(page.getByRole('button', { name: /^(Accept|Accepter)$/ })).toHaveCount(0);
      }
      await context.close();
      await ownerContext.close();
    });
  });
});
