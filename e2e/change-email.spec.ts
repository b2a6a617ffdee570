// A change of email as a person makes it (docs/decisions/065-change-of-email.md): the code read
// from the SMTP sink at the new address, the notice at the old one.
import { expect, hydrated, signInThroughUi, test } from './support/fixtures';
import { identity } from '#/lib/identity.ts';

test.describe('change of email', () => {
  test('a new user changes their address from the account page, the old one is told, and the new one signs in', async ({ page, sink }) => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const old = `ada.${stamp}@example.org`;
    const next = `ada.new.${stamp}@example.org`;

    // A fresh account, signed up and onboarded through the pages.
    await page.goto('/login');
    await signInThroughUi(page, sink, old);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await page.getByLabel('What is your name?').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/app$/);

    await page.goto('/app/account');
    await hydrated(page);
    await expect(page.getByTestId('account-email')).toHaveText(old);
    await page.getByRole('button', { name: 'Change email' }).click();

    // Step 1: the new address, checked with the spec's messages.
    const choose = page.getByRole('dialog', { name: 'Change email' });
    const field = choose.getByLabel('New email');
    await choose.getByRole('button', { name: 'Send code' }).click();
    await expect(choose.getByText('Email is required')).toBeVisible();
    await field.fill('not-an-address');
    await choose.getByRole('button', { name: 'Send code' }).click();
    await expect(choose.getByText('Email is invalid')).toBeVisible();
    await field.fill(old);
    await choose.getByRole('button', { name: 'Send code' }).click();
    await expect(choose.getByText('This is already your email address')).toBeVisible();

    let since = Date.now();
    await field.fill(next);
    await choose.getByRole('button', { name: 'Send code' }).click();

    // Step 2: the URL carries the new address, so a reload keeps the step.
    const confirm = page.getByRole('dialog', { name: 'Confirm your new email' });
    await expect(confirm.getByText(`We sent a code to \u2068${next}\u2069.`)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/app/account' && url.searchParams.get('newEmail') === next);
    expect((await sink.waitForMail(next, since)).subject).toBe('Confirm your new email address');
    await page.reload();
    await hydrated(page);
    await expect(confirm.getByText(`We sent a code to \u2068${next}\u2069.`)).toBeVisible();
    await expect(confirm.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled();

    // "Use another address" goes back to step 1 with the address typed, and leaves the URL.
    await confirm.getByRole('button', { name: 'Use another address' }).click();
    await expect(choose.getByLabel('New email')).toHaveValue(next);
    await expect(page).toHaveURL((url) => url.pathname === '/app/account' && !url.searchParams.has('newEmail'));
    since = Date.now();
    await choose.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('newEmail') === next);
    const code = await sink.waitForCode(next, since);

    // A wrong code is refused in the field, which is emptied for the next try.
    const codeField = confirm.getByLabel('Code', { exact: true });
    await codeField.pressSequentially(code === '000000' ? '111111' : '000000');
    await expect(confirm.locator('form [role="alert"]')).toHaveText('Code is invalid');
    await expect(codeField).toHaveValue('');

    since = Date.now();
    await codeField.pressSequentially(code);
    // The toast, not the security activity's "Email changed" event.
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Email changed' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('account-email')).toHaveText(next);
    await expect(page).toHaveURL((url) => url.pathname === '/app/account' && !url.searchParams.has('newEmail'));
    // A code to the new address proves it: no "Not Verified" badge.
    await expect(page.getByText('Not Verified')).toHaveCount(0);

    // The old address is told: when, and whom to turn to.
    const notice = await sink.waitForMail(old, since);
    expect(notice.subject).toBe(`The email address of your ${identity.name} account was changed`);
    expect(notice.text).toContain(`UTC, the email address of your ${identity.name} account was changed to another one.`);
    expect(notice.text).toContain(`contact an administrator of ${identity.name} at once`);
    expect(notice.text).not.toMatch(/^\s*[0-9A-Za-z]{6}\s*$/m);

    // Signed out, the new address signs in to the same, onboarded account.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByTestId('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughUi(page, sink, next);
    // Home: signing out leaves a plain /login, with no redirect back to the account page.
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/app/account');
    await expect(page.getByTestId('account-email')).toHaveText(next);
    await expect(page.getByTestId('account-name')).toHaveText('Ada Lovelace');
    // The change is in their security activity (user.email_changed).
    await expect(page.getByTestId('security-activity').getByText('Email changed')).toBeVisible();
  });
});
