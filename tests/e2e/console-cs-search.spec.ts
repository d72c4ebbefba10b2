import { expect, signInOperator, test } from './fixtures';

// CS's member search by any part of a name (issue #26); reads only.
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
