// "Download my data" on the account page, in both sections: a real download, read back as JSON.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN, expect, hydrated, test, USER } from './support/fixtures';
import { identitySlug } from '#/lib/identity.ts';

interface DataFile {
  format: number;
  exportedAt: string;
  profile: { email: string; name: string; role: string };
  sessions: Array<{ token: string; current: boolean }>;
  auditEvents: Array<{ action: string }>;
}

async function downloadMyData(page: Page, path: string): Promise<DataFile> {
  await page.goto(path);
  await hydrated(page);
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expect(section.getByText(/^One JSON file of everything the application holds about you/)).toBeVisible();
  // The danger zone stays last on the page.
  await expect(page.getByRole('main').getByRole('region').last()).toHaveAccessibleName('Danger zone');

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${identitySlug}-data-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const text = await readFile((await download.path())!, 'utf8');
  const data = JSON.parse(text) as DataFile;
  expect(download.suggestedFilename()).toBe(`${identitySlug}-data-${data.exportedAt.slice(0, 10)}.json`);
  expect(data.format).toBe(1);
  // Sessions by their shortened token only, this one marked.
  expect(data.sessions.length).toBeGreaterThanOrEqual(1);
  for (const session of data.sessions) expect(session.token).toMatch(/^.{4}….{4}$/);
  expect(data.sessions.filter((session) => session.current)).toHaveLength(1);
  return data;
}

test.describe('your data', () => {
  test('a user downloads their data from /app/account, and the download shows in their security activity', async ({ userPage: page }) => {
    const data = await downloadMyData(page, '/app/account');
    expect(data.profile).toMatchObject({ email: USER, name: 'User', role: 'user' });

    await page.reload();
    await hydrated(page);
    const activity = page.getByTestId('security-activity');
    await expect(activity.getByRole('listitem').filter({ hasText: 'Data downloaded' }).first()).toBeVisible();
  });

  test('an admin downloads their data from /manager/account', async ({ adminPage: page }) => {
    const data = await downloadMyData(page, '/manager/account');
    expect(data.profile).toMatchObject({ email: ADMIN, name: 'Admin', role: 'admin' });
  });
});
