import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, memberId, signIn, signInOperator, test } from './fixtures';

// Members 40..59 are this spec's own (each test changes its own members' data).

/** The page's axe violations (WCAG 2.1 A/AA and best practice), as readable lines. */
async function axeLines(page: Page): Promise<string[]> {
  const violations = await axeViolations(page);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** CS replaces a member's bank account on the member's file, with a reason. */
async function correctBank(page: Page, id: string, noRekening: string, alasan: string): Promise<void> {
  await page.goto(`/admin/members/${id}`);
  await page.getByText('Ubah rekening bank').click();
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'BANK MANDIRI' });
  await page.getByLabel('Nama Pemilik Rekening').fill('Pemilik Koreksi');
  await page.getByLabel('No Rekening').fill(noRekening);
  await page.locator('#cb-alasan').fill(alasan);
  await page.getByRole('button', { name: 'Simpan rekening' }).click();
  await expect(page.getByRole('status')).toContainText('Rekening bank diubah oleh Customer Service');
}

test('CS corrects a bank account with a reason; the member sees the new account and the change in their history', async ({
  page,
  browser,
}) => {
  const id = memberId(40);
  await signInOperator(page, 'cs');
  await page.goto(`/admin/members/${id}`);
  // A missing reason is refused in Indonesian and changes nothing.
  await page.getByText('Ubah rekening bank').click();
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'BANK MANDIRI' });
  await page.getByLabel('Nama Pemilik Rekening').fill('Pemilik Koreksi');
  await page.getByLabel('No Rekening').fill('4040404040');
  await page.locator('#cb-alasan').evaluate((input: HTMLInputElement) => input.removeAttribute('required'));
  await page.getByRole('button', { name: 'Simpan rekening' }).click();
  await expect(page.getByRole('alert')).toHaveText('Alasan wajib diisi (5–500 karakter)');

  await correctBank(page, id, '4040404040', 'Nomor rekening salah ketik saat daftar');
  await expect(page.getByTestId('status-rekening')).toHaveText('UNVERIFIED');

  const member = await (await browser.newContext()).newPage();
  await signIn(member, id);
  await member.goto('/account/profile');
  const rekening = member.locator('#rekening');
  await expect(rekening).toContainText('4040404040');
  await expect(rekening).toContainText('BANK MANDIRI');
  await expect(rekening).toContainText('UNVERIFIED');
  const history = member.getByTestId('riwayat-perubahan');
  await expect(history.locator('tbody tr').first()).toContainText('Rekening bank diubah oleh Customer Service');
  await expect(history.locator('tbody tr').first()).toContainText('Nomor rekening salah ketik saat daftar');
  await expect(history.locator('tbody tr').first()).toContainText('→ 4040404040');
  expect(await axeLines(member)).toEqual([]);
});

test('KYC queue: CS approves one bank account and rejects another with a reason the member sees', async ({ page, browser }) => {
  const approved = memberId(41);
  const rejected = memberId(42);
  await signInOperator(page, 'cs');
  await page.getByRole('link', { name: 'Antrian KYC' }).click();
  await expect(page).toHaveURL('/admin/members/kyc');
  await correctBank(page, approved, '4141414141', 'Rekening baru dari member');
  await correctBank(page, rejected, '4242424242', 'Rekening baru dari member');

  await page.goto(`/admin/members/kyc?q=${approved}`);
  const row = page.getByTestId(`kyc-${approved}-REKENING`);
  await expect(row).toContainText('4141414141');
  await expect(row).toContainText('Pemilik Koreksi');
  await row.getByRole('button', { name: /^Setujui Rekening bank/ }).click();
  await expect(page.getByRole('status')).toHaveText('Rekening bank berhasil diverifikasi');
  await expect(page.getByTestId(`kyc-${approved}-REKENING`)).toHaveCount(0);

  await page.goto(`/admin/members/kyc?q=${rejected}`);
  const other = page.getByTestId(`kyc-${rejected}-REKENING`);
  await other.getByLabel('Alasan penolakan').fill('Nama pemilik rekening tidak sama dengan nama member');
  await other.getByRole('button', { name: /^Tolak Rekening bank/ }).click();
  await expect(page.getByRole('status')).toContainText('Rekening bank ditolak');
  await expect(page.getByTestId(`kyc-${rejected}-REKENING`)).toHaveCount(0);

  const member = await (await browser.newContext()).newPage();
  await signIn(member, rejected);
  await member.goto('/account/profile');
  const first = member.getByTestId('riwayat-perubahan').locator('tbody tr').first();
  await expect(first).toContainText('Verifikasi ditolak');
  await expect(first).toContainText('Nama pemilik rekening tidak sama dengan nama member');
});

test('Lihat sebagai member opens the member screens read-only: banner, and a save is refused', async ({ page }) => {
  const id = memberId(43);
  await signInOperator(page, 'cs');
  await page.goto(`/admin/members/${id}`);
  await page.getByRole('button', { name: 'Lihat sebagai member' }).click();
  await expect(page.getByTestId('view-as-banner')).toContainText('Mode lihat sebagai member (hanya baca)');
  await page.goto('/account/profile');
  await expect(page.getByTestId('view-as-banner')).toBeVisible();
  expect(await axeLines(page)).toEqual([]);
  const heirBefore = await page.locator('#pewaris dl').textContent();
  const publicId = await page.locator('#data-member input[name="id"]').inputValue();
  const origin = new URL(page.url()).origin;
  const answer = await page.request.post('/account/profile', {
    headers: { origin },
    form: { _action: 'pewaris', id: publicId, nama_lengkap_pewaris: 'Diubah Operator', alasan: '' },
  });
  expect(answer.status()).toBe(403);
  expect(await answer.text()).toBe('Mode lihat sebagai member (hanya baca): perubahan data tidak diizinkan');
  await page.reload();
  await expect(page.locator('#pewaris dl')).toHaveText(heirBefore!);
  // Ending the view signs the view session out.
  await page.getByRole('button', { name: 'Selesai melihat' }).click();
  await expect(page).toHaveURL('/signin');
});
