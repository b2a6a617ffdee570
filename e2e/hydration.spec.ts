// Every page's hydration in a far zone is checked by the page sweep in shell.spec.ts.
import { clientHeaders, expect, hydrated, test } from './support/fixtures';
import { FAR_TIME_ZONE as timezoneId, hydrationErrors } from './support/hydration';

test('a date is shown in the browser’s time zone: after hydration on a first visit, from the first byte after that', async ({
  browser,
  app,
  adminState,
}) => {
  // UTC+14: the day and the hour differ from the server's UTC.
  const context = await browser.newContext({ baseURL: app.url, storageState: adminState, extraHTTPHeaders: clientHeaders(), timezoneId });
  const page = await context.newPage();
  const errors = hydrationErrors(page);
  const books = (await (await page.request.get('/api/rpc/books?limit=1')).json()) as { items: Array<{ id: string; createdAt: string }> };
  const book = books.items[0]!;
  // The page's separators vary between ICU builds.
  const written = (timeZone: string) =>
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(book.createdAt));
  const loose = (text: string) => new RegExp(text.replace(/[\s\u202f\u00a0]+/g, '\\s').replace(/[.,]/g, '\\$&'));
  const [inUtc, inKiritimati] = [written('UTC'), written(timezoneId)];
  expect(inUtc).not.toBe(inKiritimati);
  const path = `/manager/books/${book.id}`;
  const firstByte = async () => (await page.request.get(path, { headers: { Accept: 'text/html' } })).text();

  // No cookie yet: the server renders UTC, and the browser changes it once hydrated, without a mismatch.
  expect(await firstByte()).toMatch(loose(inUtc));
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByText(loose(inKiritimati)).first()).toBeVisible();
  await expect(page.getByText(loose(inUtc))).toHaveCount(0);
  expect((await context.cookies()).find((c) => c.name === 'tz')?.value).toBe(encodeURIComponent(timezoneId));

  // From now on the server writes the browser's zone itself.
  expect(await firstByte()).toMatch(loose(inKiritimati));
  await page.reload();
  await hydrated(page);
  await expect(page.getByText(loose(inKiritimati)).first()).toBeVisible();
  expect(errors).toEqual([]);

  // A cookie the browser did not write (a zone no one has, markup) renders UTC and nothing else.
  for (const value of ['Mars/Olympus_Mons', '%3Cscript%3E', 'x'.repeat(200)]) {
    await context.addCookies([{ name: 'tz', value, url: app.url }]);
    const response = await page.request.get(path, { headers: { Accept: 'text/html' } });
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(loose(inUtc));
  }
  await context.close();
});
