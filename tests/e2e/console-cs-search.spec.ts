import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// CS's member search by any part of a name (issue #26); reads only.
async function signInOperator(page: Page, username: string): Promise<void> {
  await page.goto('/admin/signin');
  await page.getByLabel('Username operator').fill(username);
  await page.getByLabel('Password').fill('operator12345');
  await page.getByRole('button', { name: 'MASUK' }).click();
  await expect(page.getByRole('heading', { name: 'Ringkasan' })).toBeVisible();
}

test('CS types "Silver" and finds "Demo Silver"; the row opens the member', async ({ page }) => {
  await signInOperator(page, 'cs');
  await page.getByRole('link', { name: 'Member', exact: true }).click();
  await page.getByLabel('Cari member').fill('Silver');
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  const row = page.locator('tbody tr').filter({ hasText: 'Demo Silver' });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').first().click();
  await expect(page.locator('main')).toContainText('Demo Silver');
});
