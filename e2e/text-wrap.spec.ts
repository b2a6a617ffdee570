// Text people write breaks only where it would overflow: an e-mail or an address in a column wide
// enough for it stays on one line ("newcomer@example.c|om" was a bug), a word without spaces still wraps.
import type { Locator } from '@playwright/test';
import { expect, hydrated, test } from './support/fixtures';

/** How many lines the element's text takes. */
const lines = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  });

test("e-mails in the users table and a session's address stay whole on a pressed table", async ({ adminPage: page }) => {
  // Narrow enough that the table is pressed: its columns shrink to what their text allows.
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/manager/users');
  await hydrated(page);
  // After the selection box and the name.
  const emails = page.getByRole('table').locator('tbody tr td:nth-child(3)');
  await expect(emails.first()).toContainText('@');
  for (const cell of await emails.all()) expect(await lines(cell), (await cell.textContent()) ?? '').toBe(1);

  await page.goto('/manager/account');
  const address = page.getByRole('table').first().locator('tbody tr').first().getByRole('cell').nth(1);
  await expect(address).toHaveText(/^[\d.:a-f]+$/);
  expect(await lines(address)).toBe(1);
});

/** The element's text, line by line as laid out. */
const lineTexts = (locator: Locator) =>
  locator.evaluate((element) => {
    const lines = new Map<number, string>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        const top = [...lines.keys()].find((t) => Math.abs(t - rect.top) < rect.height / 2) ?? rect.top;
        lines.set(top, (lines.get(top) ?? '') + text[i]);
      }
    }
    return [...lines.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
  });

/** Whole on one line, or cut before its '@' when the line is too short for it: never inside a name. */
const wholeOrAtTheAt = (email: string) => [[email], [email.slice(0, email.indexOf('@')), email.slice(email.indexOf('@'))]];

test.describe('in Arabic, an e-mail breaks only before its @, and is never cut off', () => {
  for (const width of [1280, 375]) {
    test(`the users list at ${width}`, async ({ adminPage: page }) => {
      // Its name fits a phone's card, the whole address does not.
      const email = `acc-${Date.now()}@example.com`;
      const made = await page.request.post('/api/rpc/users', { data: { name: 'Wrap Check', email } });
      expect(made.status()).toBe(201);
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/manager/users?lng=ar&searchTerm=${encodeURIComponent(email)}`);
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      // The row's, not the search term's in the sentence above the list.
      const cell = page.locator('main bdi:not([data-testid="search-results"] bdi)', { hasText: email }).first();
      await expect(cell).toBeVisible();
      expect(wholeOrAtTheAt(email)).toContainEqual(await lineTexts(cell));
      // Not cut off with an ellipsis.
      expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    });
  }

  test("the user page's Email at 375", async ({ adminPage: page }) => {
    const email = `acc-${Date.now()}-wrap.check@example.com`;
    const made = await page.request.post('/api/rpc/users', { data: { name: 'Wrap Check', email } });
    const { id } = (await made.json()) as { id: string };
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/manager/users/${id}?lng=ar`);
    await hydrated(page);
    const value = page.getByTestId('user-email');
    await expect(value).toHaveText(email);
    expect(wholeOrAtTheAt(email)).toContainEqual(await lineTexts(value));
  });
});

test('in Arabic, a Latin organisation name too long for the switcher is cut at its own end: its start shows', async ({
  userPage: page,
  adminPage,
  app,
}) => {
  const name = `Northside Readers and Friends of the Long Name ${Date.now()}`;
  const slug = `long-name-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/auth/organization/create', { data: { name, slug }, headers: { Origin: app.url } });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/app?lng=ar');
    await hydrated(page);
    const shown = page.locator('header bdi', { hasText: name }).first();
    await expect(shown).toBeVisible();
    const { overflows, firstInside } = await shown.evaluate((el) => {
      const range = document.createRange();
      range.setStart(el.firstChild!, 0);
      range.setEnd(el.firstChild!, 1);
      const first = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return { overflows: el.scrollWidth > el.clientWidth, firstInside: first.left >= box.left - 1 && first.right <= box.right + 1 };
    });
    expect(overflows).toBe(true);
    expect(firstInside).toBe(true);
  } finally {
    // The manager's delete: the owner's asks for a recent sign-in (decision 102).
    await page.request.post('/api/auth/organization/set-active', { data: { organizationId: null }, headers: { Origin: app.url } });
    await adminPage.request.delete(`/api/rpc/manager/organizations/${id}`, { headers: { Origin: app.url } });
  }
});

test("in Arabic, a Latin search term sits between the sentence's guillemets, in its own order", async ({ adminPage: page }) => {
  // Ends in punctuation: without isolation it took the sentence's direction and swapped places with the quotes.
  const term = 'zz no one, really!';
  await page.goto(`/manager/users?lng=ar&searchTerm=${encodeURIComponent(term)}`);
  await hydrated(page);
  const sentence = page.getByTestId('search-results');
  await expect(sentence).toHaveText(`لا نتائج لـ «${term}» (0)`);
  const { quotes, word } = await sentence.evaluate((element) => {
    const bdi = element.querySelector('bdi')!;
    const quotes: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (bdi.contains(node)) continue;
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        if (text[i] !== '«' && text[i] !== '»') continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        quotes.push(range.getBoundingClientRect().left);
      }
    }
    const box = bdi.getBoundingClientRect();
    return { quotes, word: { text: bdi.textContent, left: box.left, right: box.right } };
  });
  expect(word.text).toBe(term);
  // One quote on each side of the term, outside it.
  expect(quotes).toHaveLength(2);
  expect(Math.min(...quotes)).toBeLessThan(word.left);
  expect(Math.max(...quotes)).toBeGreaterThanOrEqual(word.right - 1);
});

test('a headline that wraps on a phone leaves no word alone on a line (the 403 page)', async ({ userPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/manager/dashboard');
  const heading = page.getByRole('heading', { level: 1, name: "You don't have access to this page" });
  await expect(heading).toBeVisible();
  await hydrated(page);
  // Read until laid out (a loaded CI machine measured it once mid-render: no line at all); then, in words per line.
  const wordsPerLine = async () => (await lineTexts(heading)).map((line) => line.trim().split(/\s+/).length);
  await expect.poll(async () => (await wordsPerLine()).length).toBeGreaterThan(1);
  const words = await wordsPerLine();
  expect(Math.min(...words), String(words)).toBeGreaterThan(1);
});

// example:start
test("a drawn cover's title fits its cover, however long, on a phone and a wide screen", async ({ adminPage: page, app }) => {
  const title = `The Life and Strange Surprizing Adventures of Robinson Crusoe, of York, Mariner ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/rpc/books', { data: { title, author: 'Daniel Defoe' }, headers: { Origin: app.url } });
  expect(created.status()).toBe(201);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/app/books?searchTerm=${encodeURIComponent('Surprizing Adventures')}`);
    const drawn = page.locator('.book-cover-title').first();
    await expect(drawn).toBeVisible();
    // Not cut by its line clamp, and no wider than its line.
    const { scrollHeight, clientHeight, scrollWidth, clientWidth } = await drawn.evaluate((el) => ({
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollHeight, `${width} px`).toBeLessThanOrEqual(clientHeight + 1);
    expect(scrollWidth, `${width} px`).toBeLessThanOrEqual(clientWidth + 1);
  }
  await page.request.delete(`/api/rpc/books/${((await created.json()) as { id: string }).id}`, { headers: { Origin: app.url } });
});
// example:end
