import { expect, test, hydrated, signInThroughUi, clientHeaders } from './support/fixtures';

const bookIdOf = async (response: { json: () => Promise<unknown> }) => ((await response.json()) as { id: string }).id;

test.describe('the app home', () => {
  test('a new account finds the section switch, the newest books, a checklist and, once in an organisation, its shelf', async ({
    browser,
    app,
    sink,
    adminPage,
  }) => {
    const stamp = Date.now().toString(36);
    const title = `Home Page Novelty ${stamp}`;
    expect((await adminPage.request.post('/api/rpc/books', { data: { title, author: 'Newest Author' } })).status()).toBe(201);

    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await page.goto('/login');
    await signInThroughUi(page, sink, `home.${stamp}@example.org`);
    await page.getByLabel('What is your name?').fill('Hana Home');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/app$/);

    // Rendered on the server: the greeting and the newest book are in the HTML.
    const html = await (await page.request.get('/app')).text();
    // The name in its own <bdi>: a Latin name keeps its order in an Arabic welcome.
    expect(html).toContain('Welcome, <bdi>Hana Home</bdi>');
    expect(html).toContain(title);

    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Hana Home' })).toBeVisible();
    const app_ = page.getByRole('listitem').filter({ hasText: 'a simple, mobile-first application' });
    await expect(app_.getByText('You are here')).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'an advanced, admin-style application' }).getByText('Access Denied'),
    ).toBeVisible();

    const newBooks = page.getByTestId('new-books').getByRole('link');
    await expect(newBooks).toHaveCount(5);
    await expect(newBooks.first()).toContainText(title);
    await expect(page.getByRole('link', { name: 'View all books' })).toHaveAttribute('href', '/app/books');

    const checklist = page.getByTestId('getting-started');
    await expect(checklist).toContainText('1 of 3 done');
    await expect(checklist.getByRole('link', { name: 'Add a profile picture' })).toHaveAttribute('href', '/app/account');
    await expect(checklist.getByRole('link', { name: 'Create or join an organisation' })).toHaveAttribute('href', '/app/organizations');
    await expect(page.getByText("Your organisation's shelf")).toHaveCount(0);

    // In an organisation (active once created): one step more, and its shelf.
    const created = await page.request.post('/api/auth/organization/create', {
      data: { name: `Home Club ${stamp}`, slug: `home-club-${stamp}` },
      headers: { Origin: app.url },
    });
    expect(created.ok()).toBe(true);
    await page.reload();
    await hydrated(page);
    await expect(checklist).toContainText('2 of 3 done');
    await expect(page.getByText("Your organisation's shelf")).toBeVisible();
    await expect(page.getByText('The shelf is empty')).toBeVisible();
    const bookId = (
      (await (await page.request.get('/api/rpc/books?limit=1&sort=createdAt&order=desc')).json()) as { items: [{ id: string }] }
    ).items[0].id;
    expect((await page.request.post('/api/rpc/shelf', { data: { bookId, note: 'Read me first' } })).status()).toBe(201);
    await page.reload();
    const shelf = page.getByTestId('home-shelf');
    await expect(shelf).toContainText(title);
    await expect(shelf).toContainText('Read me first');
    await page.getByRole('link', { name: 'Open the shelf' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/organizations/home-club-${stamp}\\?tab=shelf$`));
    await context.close();
  });

  test('the Continue card: none for a new account, then the last book opened, for that account only, gone with the book', async ({
    browser,
    app,
    sink,
    adminPage,
    userState,
  }) => {
    const stamp = Date.now().toString(36);
    const [first, second] = [`Continue First ${stamp}`, `Continue Second ${stamp}`];
    const created = await Promise.all(
      [first, second].map((title) => adminPage.request.post('/api/rpc/books', { data: { title, author: 'Cora Author' } })),
    );
    const [firstId, secondId] = await Promise.all(created.map(bookIdOf));

    const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await page.goto('/login');
    await signInThroughUi(page, sink, `continue.${stamp}@example.org`);
    await page.getByLabel('What is your name?').fill('Cora Continue');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Cora Continue' })).toBeVisible();
    await expect(page.getByTestId('new-books')).toBeVisible();
    await expect(page.getByTestId('continue')).toHaveCount(0);

    await page.goto(`/app/books/${firstId}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    // Rendered on the server, on a new load of the home page.
    const html = await (await page.request.get('/app')).text();
    expect(html).toContain('data-testid="continue"');
    expect(html).toContain(first);
    await page.goto('/app');
    const card = page.getByTestId('continue');
    await expect(card.getByRole('heading', { name: 'Continue' })).toBeVisible();
    await expect(card).toContainText('Cora Author');
    await card.getByRole('link', { name: first }).click();
    await expect(page).toHaveURL(new RegExp(`/app/books/${firstId}$`));
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();

    // Deleted: no card, and no error.
    expect((await adminPage.request.delete(`/api/rpc/books/${firstId}`)).status()).toBe(200);
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Cora Continue' })).toBeVisible();
    await expect(page.getByTestId('new-books')).toBeVisible();
    await expect(page.getByTestId('continue')).toHaveCount(0);

    // Opened without a script: the server's answer sets it.
    await page.request.get(`/app/books/${secondId}`);
    await page.goto('/app');
    await expect(page.getByTestId('continue')).toContainText(second);

    // Another account in the same browser: the cookie stays, and names nothing for it.
    await context.addCookies(userState.cookies);
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Cora Continue' })).toHaveCount(0);
    await expect(page.getByTestId('new-books')).toBeVisible();
    await expect(page.getByTestId('continue')).toHaveCount(0);
    expect((await context.cookies()).some((c) => c.name === 'last-book')).toBe(true);
    await context.close();
  });
});
