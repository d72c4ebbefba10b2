import { type APIRequestContext, type Page, request } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, login, signInOperator, test } from './fixtures';
import { hydrated } from './region';

/** Members 214..259 that no other test changes: one with an NPWP, a verified bank and Rp 100.000+ unpaid bonuses. */
async function memberForCs(api: APIRequestContext): Promise<{ id: string; nama: string; phone: string; email: string }> {
  for (let n = 259; n >= 214; n--) {
    const id = String(1_000_000_000 + n);
    const login = await (await api.post('/member/login', { data: { username: id, password: 'rahasia123' } })).json();
    const headers = { authorization: `Bearer ${login.result.access_token}` };
    const profile = (await (await api.get('/member/account/profile', { headers })).json()).result;
    const unpaid = (await (await api.get('/member/bonus/unpayout', { headers })).json()).result as { bonus_dibayar: number }[];
    await api.post('/member/logout', { headers });
    if (profile.npwp && profile.status_rekening === 'VERIFIED' && unpaid.reduce((s, b) => s + b.bonus_dibayar, 0) >= 100_000) {
      return { id, nama: profile.nama, phone: profile.phone, email: profile.email };
    }
  }
  throw new Error('no member with an NPWP, a verified bank and unpaid bonuses in 214..259');
}

async function search(page: Page, q: string): Promise<void> {
  await page.getByLabel('Cari member').fill(q);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
}

test("CS's day: find a member by name and phone, walk the tree, suspend and lift, verify the NPWP, send a reset link", async ({
  page,
  browser,
  request: api,
}) => {
  test.setTimeout(180_000);
  const member = await memberForCs(api);
  await signInOperator(page, 'cs');
  await expect(page.getByRole('link', { name: 'Pengaturan' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Member', exact: true }).click();
  await expect(page).toHaveURL('/admin/members');

  await search(page, member.nama.split(' ')[0]!);
  await expect(page.getByRole('link', { name: member.id })).toBeVisible();
  await search(page, `0${member.phone.slice(2)}`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('link', { name: member.nama }).click();
  await expect(page.getByRole('heading', { name: `${member.nama} (${member.id})` })).toBeVisible();

  // The tree from this member: UP opens the upline's file, whose tree shows the member's card to go back down.
  const tree = page.locator('.tree-scroll');
  await expect(tree.locator(`a.node[data-id="${member.id}"]`)).toBeVisible();
  await page.getByRole('button', { name: 'UP' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText(`(${member.id})`);
  await expect(page.locator('.tree-children').first()).toBeVisible();
  await tree.locator(`.tree-children a.node[data-id="${member.id}"]`).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`(${member.id})`);

  await page.getByLabel('Alasan penangguhan').fill('Laporan penyalahgunaan akun');
  await page.getByRole('button', { name: 'Tangguhkan akun' }).click();
  await expect(page.getByRole('status')).toHaveText('Akun member ditangguhkan');
  await expect(page.getByTestId('status-akun')).toHaveText('Ditangguhkan');

  const memberPage = await (await browser.newContext()).newPage();
  await login(memberPage, member.id);
  await expect(
    memberPage
      .getByRole('alert')
      .filter({ hasText: 'Akun Anda sedang ditangguhkan (suspend). Hubungi admin untuk informasi lebih lanjut.' }),
  ).toBeVisible();
  await memberPage.goto('/bonus/withdraw');
  await hydrated(memberPage, 'WithdrawDialog');
  await memberPage.getByRole('button', { name: 'Create Withdraw' }).click();
  const dialog = memberPage.locator('#dlg-withdraw');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  // The withdraw dialog (an island) shows the refusal inside itself.
  await expect(dialog.getByRole('alert')).toHaveText('Akun Anda sedang dibekukan, penarikan bonus tidak dapat diajukan');

  await page.getByLabel('Alasan mencabut penangguhan').fill('Sudah diklarifikasi dengan member');
  await page.getByRole('button', { name: 'Cabut penangguhan' }).click();
  await expect(page.getByRole('status')).toHaveText('Penangguhan akun member dicabut');
  await memberPage.goto('/');
  await expect(memberPage.getByText('Akun Anda sedang ditangguhkan (suspend)')).toHaveCount(0);

  await page.getByRole('button', { name: 'Verifikasi NPWP' }).click();
  await expect(page.getByRole('status')).toContainText(/^NPWP \d+ terverifikasi, berlaku mulai \d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('section[aria-labelledby="pajak"] tbody tr').filter({ hasText: 'Citra CS' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Kirim link reset password' }).click();
  await expect(page.getByRole('status')).toHaveText('Link reset password telah dikirim ke alamat email member');
  const local = await request.newContext({ baseURL: new URL(page.url()).origin, extraHTTPHeaders: { 'x-forwarded-for': '127.0.0.1' } });
  const outbox = await (await local.get(`/dev/outbox?to=${encodeURIComponent(member.email)}`)).text();
  await local.dispose();
  expect(outbox).toMatch(/\/reset-password\?token=/);

  const history = page.locator('section[aria-labelledby="riwayat"] tbody');
  for (const action of ['member:suspend', 'member:unsuspend', 'member:verify-npwp', 'member:send-reset-link']) {
    await expect(history.locator('tr').filter({ hasText: action }).filter({ hasText: 'Citra CS' })).toHaveCount(1);
  }
  const refused = await page.request.get('/admin/settings');
  expect(refused.status()).toBe(403);
});

test('SUPERADMIN proposes a fee, a second SUPERADMIN approves it, both see who changed it; invalid input is refused in Indonesian', async ({
  page,
  browser,
}) => {
  await signInOperator(page, 'superadmin');
  await page.getByRole('link', { name: 'Pengaturan' }).click();
  const section = page.locator('section#pembayaran');
  const fee = section.getByLabel('Biaya tetap Alfamart');
  await expect(fee).toHaveValue('5000');
  await fee.fill('abc');
  await section.getByRole('button', { name: 'Simpan Metode & Biaya Pembayaran' }).click();
  await expect(section.getByRole('alert')).toHaveText('Biaya tetap harus diisi dengan angka');
  await expect(section.getByTestId('riwayat-pembayaran')).toHaveText('Belum pernah diubah');

  await section.getByLabel('Biaya tetap Alfamart').fill('5.500');
  await section.getByRole('button', { name: 'Simpan Metode & Biaya Pembayaran' }).click();
  await expect(section.getByRole('status')).toHaveText('Perubahan diajukan; berlaku setelah disetujui SUPERADMIN lain');
  // Not live yet: a proposal with its preview, waiting for another SUPERADMIN.
  await expect(section.getByLabel('Biaya tetap Alfamart')).toHaveValue('5000');
  const proposal = (p: typeof page) => p.getByTestId('usulan').locator('tr', { hasText: '[alfamart].fix_charge: 5000 → 5500' });
  await expect(proposal(page)).toContainText('Menunggu SUPERADMIN lain');

  const checker = await (await browser.newContext()).newPage();
  await signInOperator(checker, 'superadmin2');
  await checker.goto('/admin/settings');
  await proposal(checker).getByRole('button', { name: 'Setujui' }).click();
  await expect(checker.locator('#usulan').getByRole('status')).toHaveText('Usulan disetujui dan berlaku mulai hari ini');

  await page.goto('/admin/settings');
  await expect(section.getByLabel('Biaya tetap Alfamart')).toHaveValue('5500');
  const row = section.getByTestId('riwayat-pembayaran').locator('tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Sandi Superadmin');
  await expect(row).toContainText('[alfamart].fix_charge: 5000 → 5500');
});

test('the members and settings pages have no axe violations', async ({ browser }) => {
  test.setTimeout(180_000); // several full axe audits
  const found: string[] = [];
  for (const [who, paths] of [
    ['cs', ['/admin/members?q=demo', '/admin/members/1000000230', '/admin/members/kyc']],
    ['superadmin', ['/admin/settings']],
  ] as const) {
    const page = await (await browser.newContext()).newPage();
    await signInOperator(page, who);
    for (const path of paths) {
      await page.goto(path);
      const violations = await axeViolations(page);
      for (const v of violations)
        found.push(
          `${v.id} (${v.impact}) on ${path}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
        );
    }
  }
  expect(found).toEqual([]);
});
