// In English and in Arabic: every page of the route tree, then the layouts that once overflowed.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { clientHeaders, expect, signInViaApi, test } from './support/fixtures';
import { makeSamples, pageRoutes, pagesToSweep, type Visitor } from './support/pages';

const MOBILE = { width: 375, height: 812 };

async function overflow(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

test.describe('no horizontal overflow at 375 px', () => {
  for (const lng of ['en', 'ar']) {
    test(`every page of the route tree, and the error pages (${lng})`, async ({ page, adminPage, userPage, app }) => {
      test.setTimeout(60_000 + 5_000 * pageRoutes().length);
      const visitors: Record<Visitor, Page> = { anonymous: page, user: userPage, admin: adminPage };
      for (const p of Object.values(visitors)) await p.setViewportSize(MOBILE);
      const states: Array<[Visitor, string]> = [
        ['anonymous', '/login/error?error=banned'],
        ['anonymous', '/no/such/page'],
      ];
      const { samples, remove } = await makeSamples(adminPage.request, userPage.request, app.url);
      try {
        for (const [who, path] of [...pagesToSweep(samples).map((swept) => [swept.who, swept.path] as const), ...states]) {
          const { scrollWidth, innerWidth } = await overflow(visitors[who], `${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
          expect.soft(scrollWidth, `${path} (${lng})`).toBeLessThanOrEqual(innerWidth);
        }
      } finally {
        await remove();
      }
    });

    test(`the users list shows each user's role and status on a phone (${lng})`, async ({ adminPage: page }) => {
      await page.setViewportSize(MOBILE);
      const { scrollWidth, innerWidth } = await overflow(page, `/manager/users?searchTerm=admin%40example.com&lng=${lng}`);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      // Below 640 px the table becomes cards: nothing sits off-screen.
      await expect(page.locator('table')).toHaveCount(0);
      const card = page.getByTestId('list-cards').getByRole('listitem').first();
      const [role, status] = lng === 'ar' ? ['مسؤول', 'نشط'] : ['Admin', 'Active'];
      for (const text of [role, status, 'admin@example.com']) {
        // The last match: the name 'Admin' comes before the role badge 'Admin'.
        const badge = card.getByText(text, { exact: true }).last();
        await expect(badge).toBeInViewport();
        const box = (await badge.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
      }
    });

    test(`a long name without a break ends in '…' on its card, clear of the row menu (${lng})`, async ({ adminPage: page, app }) => {
      await page.setViewportSize(MOBILE);
      const tag = `${lng}${Date.now().toString(36)}`;
      const name = `Wolfeschlegelsteinhausenbergerdorff${tag}`;
      const res = await page.request.post('/api/rpc/users', {
        data: { name, email: `long.${tag}@example.org`, role: 'user' },
        headers: { Origin: app.url },
      });
      expect(res.status()).toBe(201);
      const { scrollWidth, innerWidth } = await overflow(page, `/manager/users?searchTerm=${tag}&lng=${lng}`);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      const card = page.getByTestId('list-cards').getByRole('listitem');
      await expect(card).toHaveCount(1);
      const shown = card.getByRole('link', { name }).locator('xpath=..');
      await expect(shown).toHaveCSS('text-overflow', 'ellipsis');
      const nameBox = (await shown.boundingBox())!;
      const menuBox = (await card.getByRole('button').last().boundingBox())!;
      // Side by side, whichever way the line runs: the name stops before the menu starts.
      const apart = lng === 'ar' ? nameBox.x >= menuBox.x + menuBox.width : nameBox.x + nameBox.width <= menuBox.x;
      expect(apart, `name ${JSON.stringify(nameBox)}, menu ${JSON.stringify(menuBox)}`).toBe(true);
    });

    test(`names, titles and authors with no break in them do not widen a page (${lng})`, async ({ adminPage: page, app }) => {
      await page.setViewportSize(MOBILE);
      const headers = { Origin: app.url };
      const tag = `${lng}${Date.now().toString(36)}`;
      const created = async (path: string, data: object) => {
        const res = await page.request.post(path, { data, headers });
        expect(res.status(), path).toBeLessThan(300);
        return (await res.json()) as { id: string; slug: string };
      };
      // The longest each form takes, in one word.
      await created('/api/rpc/users', { name: `N${tag}${'o'.repeat(99 - tag.length)}`, email: `n${tag}@example.org`, role: 'user' });
      const book = await created('/api/rpc/books', {
        title: `T${tag}${'i'.repeat(199 - tag.length)}`,
        author: `A${tag}${'u'.repeat(119 - tag.length)}`,
      });
      const org = await created('/api/auth/organization/create', { name: `O${tag}${'r'.repeat(99 - tag.length)}`, slug: `o-${tag}` });
      // Each was wider than the screen before names could wrap.
      for (const path of [
        `/manager/books/${book.id}`,
        `/manager/books/${book.id}/update`,
        `/app/books/${book.id}`,
        `/app/books?searchTerm=${tag}`,
        `/manager/organizations/${org.id}`,
        '/app/organizations',
        `/app/organizations/${org.slug}?tab=shelf`,
        `/app/organizations/${org.slug}?tab=settings`,
        `/manager/users?searchTerm=${tag}`,
      ]) {
        const { scrollWidth, innerWidth } = await overflow(page, `${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
        expect.soft(scrollWidth, `${path} (${lng})`).toBeLessThanOrEqual(innerWidth);
      }
      // The admin's session is shared by the worker's tests: it leaves with no organisation again.
      // The manager's delete: the owner's asks for a sign-in of the last ten minutes (decision 102),
      // older than that for a worker's session late in a run.
      const removed = await page.request.delete(`/api/rpc/manager/organizations/${org.id}`, { headers });
      expect(removed.status()).toBe(200);
    });

    test(`session lists are cards on a phone, Revoke on screen (${lng})`, async ({ adminPage: page }) => {
      await page.setViewportSize(MOBILE);
      const { items } = (await (await page.request.get('/api/rpc/users?searchTerm=admin%40example.com')).json()) as {
        items: Array<{ id: string; email: string }>;
      };
      const admin = items.find((u) => u.email === 'admin@example.com')!;
      for (const [path, cards, session] of [
        [`/manager/users/${admin.id}?tab=sessions`, 'user-session-cards', 'user-session'],
        ['/manager/account', 'own-session-cards', 'own-session'],
      ] as const) {
        const { scrollWidth, innerWidth } = await overflow(page, `${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
        expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
        const card = page.getByTestId(cards).getByTestId(session).first();
        await expect(card).toBeVisible();
        // No table around the sessions: its fields are labelled in the card, and fit in it.
        await expect(page.getByTestId(cards).locator('xpath=ancestor::section[1]').locator('table')).toHaveCount(0);
        await expect(card.locator('dt')).toHaveText(
          lng === 'ar'
            ? session === 'user-session'
              ? ['عنوان IP', 'آخر نشاط', 'الرمز']
              : ['عنوان IP', 'آخر نشاط']
            : session === 'user-session'
              ? ['IP address', 'Last active', 'Token']
              : ['IP address', 'Last active'],
        );
        const box = (await card.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
        if (session === 'user-session') {
          // The card names the device, not the person the page is about.
          await expect(card.locator('[data-avatar]')).toHaveCount(0);
          const revoke = card.getByRole('button');
          await revoke.scrollIntoViewIfNeeded();
          await expect(revoke).toBeInViewport({ ratio: 1 });
        }
      }
    });

    test(`an organisation's members are cards on a phone in the manager: name, e-mail, role, joined (${lng})`, async ({
      adminPage: page,
      userPage,
      app,
    }) => {
      await page.setViewportSize(MOBILE);
      const tag = `${lng}${Date.now().toString(36)}`;
      const created = await userPage.request.post('/api/auth/organization/create', {
        data: { name: `Members ${tag}`, slug: `members-${tag}` },
        headers: { Origin: app.url },
      });
      expect(created.status()).toBe(200);
      const { id } = (await created.json()) as { id: string };
      const { scrollWidth, innerWidth } = await overflow(page, `/manager/organizations/${id}?lng=${lng}`);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      const members = page.getByTestId('manager-organization-members');
      await expect(members.locator('table')).toHaveCount(0);
      await expect(page.locator('main table')).toHaveCount(0);
      const card = members.getByTestId('manager-organization-member');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('user@example.com');
      await expect(card.getByRole('link')).toBeVisible();
      await expect(card.locator('dt')).toHaveText([lng === 'ar' ? 'تاريخ الانضمام' : 'Joined']);
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
      expect((await page.request.delete(`/api/rpc/manager/organizations/${id}`, { headers: { Origin: app.url } })).status()).toBe(200);
    });

    test(`the audit log is cards on a phone: action, actor, time (${lng})`, async ({ adminPage: page, app, sink }) => {
      await page.setViewportSize(MOBILE);
      // The newest sign-in is by a person whose name has no break in it (CI met one from an earlier test).
      const tag = `${lng}${Date.now().toString(36)}`;
      const email = `audit.${tag}@example.org`;
      const made = await page.request.post('/api/rpc/users', {
        data: { name: `Wolfeschlegelsteinhausenbergerdorff${tag}`, email, role: 'user' },
        headers: { Origin: app.url },
      });
      expect(made.status()).toBe(201);
      const visitor = await playwrightRequest.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      await signInViaApi(visitor, app, sink, email);
      await visitor.dispose();
      const { scrollWidth, innerWidth } = await overflow(page, `/manager/audit?action=auth.sign-in&lng=${lng}`);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await expect(page.locator('main table')).toHaveCount(0);
      const card = page.getByTestId('audit-row').first();
      await expect(card).toBeVisible();
      // Sign-ins only (the admin's own, at least).
      await expect(card).toContainText(lng === 'ar' ? 'تسجيل الدخول' : 'Signed in');
      await expect(card.locator('[data-avatar]')).toHaveCount(1);
      await expect(card.getByRole('button')).toHaveText(/\d/);
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
    });

    test(`an organisation's tabs, wider than a phone, fade at the edge that has more (${lng})`, async ({
      userPage: page,
      adminPage,
      app,
    }) => {
      const headers = { Origin: app.url };
      const stamp = Date.now().toString(36);
      const created = await page.request.post('/api/auth/organization/create', {
        data: { name: `Fade ${stamp}`, slug: `fade-${lng}-${stamp}` },
        headers,
      });
      expect(created.status()).toBe(200);
      const { id, slug } = (await created.json()) as { id: string; slug: string };
      try {
        await page.setViewportSize({ width: 320, height: 700 });
        await page.goto(`/app/organizations/${slug}?lng=${lng}`);
        await page.waitForLoadState('networkidle');
        const tabs = page.locator('main nav:has([aria-current="page"])');
        const fades = () =>
          tabs.evaluate((nav) => ({
            overflows: nav.scrollWidth > nav.clientWidth,
            start: getComputedStyle(nav).getPropertyValue('--fade-start'),
            end: getComputedStyle(nav).getPropertyValue('--fade-end'),
          }));
        // At the start: more at the end only.
        expect(await fades()).toEqual({ overflows: true, start: '0px', end: '32px' });
        // Scrolled to the end (leftwards in Arabic): the fade moves to the start.
        await tabs.evaluate((nav) =>
          nav.scrollTo({ left: getComputedStyle(nav).direction === 'rtl' ? -nav.scrollWidth : nav.scrollWidth }),
        );
        await expect.poll(fades).toEqual({ overflows: true, start: '32px', end: '0px' });
      } finally {
        await page.request.post('/api/auth/organization/set-active', { data: { organizationId: null }, headers });
        // The manager's delete: the owner's asks for a recent sign-in (decision 102).
        await adminPage.request.delete(`/api/rpc/manager/organizations/${id}`, { headers });
      }
    });
  }
});
