import { expect, login, test } from './fixtures';

test('a member signs in with the username and lands on the dashboard', async ({ page }) => {
  await login(page, 'demosilver');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status').filter({ hasText: 'Login berhasil' })).toBeVisible();
  await expect(page.locator('#akun')).toContainText('Demo Silver');
});

test('empty fields show both validation messages', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByText('ID Member atau Username harus diisi')).toBeVisible();
  await expect(page.getByText('Password harus diisi')).toBeVisible();
  await expect(page).toHaveURL('/signin');
});
