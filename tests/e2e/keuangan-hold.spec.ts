import type { APIRequestContext } from '@playwright/test';
import { expect, memberId, signIn, signInOperator, test } from './fixtures';

/**
 * Issue #26: KEUANGAN holds a bonus that sits in a member's queued withdrawal: the payout is left
 * out of the transfer batch with the reason, the member sees the bonus "Ditahan" with the reason;
 * once released, the payout goes into a batch.
 */

/** The first of members 70..79 (this spec's own) with a verified bank and Rp 100.000+ unpaid asks for a withdrawal of all of it. */
async function requestWithdrawal(request: APIRequestContext) {
  for (let n = 70; n <= 79; n++) {
    const idMember = memberId(n);
    const token = (await (await request.post('/member/login', { data: { username: idMember, password: 'rahasia123' } })).json()).result
      .access_token;
    const headers = { authorization: `Bearer ${token}` };
    const profile = (await (await request.get('/member/account/profile', { headers })).json()).result;
    const unpaid = (await (await request.get('/member/bonus/unpayout', { headers })).json()).result as {
      public_id: string;
      bonus_dibayar: number;
      ditahan: string | null;
    }[];
    const free = unpaid.filter((b) => b.ditahan === null);
    if (profile.status_rekening !== 'VERIFIED' || String(profile.no_rekening ?? '').endsWith('000')) continue;
    if (free.reduce((s, b) => s + b.bonus_dibayar, 0) < 100_000 || !free.some((b) => b.bonus_dibayar > 0)) continue;
    const answer = await request.post('/member/bonus/payout', { headers, data: { bonus_ids: free.map((b) => b.public_id) } });
    expect(answer.status()).toBe(201);
    return idMember;
  }
  throw new Error('no member of 70..79 with a verified bank and Rp 100.000 unpaid');
}

test('a held bonus keeps its payout out of the batch; released, the payout goes in; the member sees "Ditahan"', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const idMember = await requestWithdrawal(request);
  const alasan = `Cek rekrutan ${Date.now()}`;

  await signInOperator(page, 'keuangan');
  await page.goto('/admin/keuangan/tahan');
  await page.getByLabel('ID Member').fill(idMember);
  await page.getByRole('button', { name: 'Cari' }).click();
  const bonus = page.locator('label', { hasText: / di payout WD-\d{8}-\d{7}/ }).first();
  const payoutNo = /WD-\d{8}-\d{7}/.exec((await bonus.textContent())!)![0];
  await bonus.getByRole('radio').check();
  await page.getByLabel('Alasan').fill(alasan);
  await page.getByRole('button', { name: 'Tahan' }).click();
  await expect(page.getByRole('status').first()).toContainText(`member ${idMember} ditahan`);
  await expect(page.locator('tr', { hasText: alasan })).toContainText(idMember);

  // The member sees it held, with the reason.
  const member = await (await browser.newContext()).newPage();
  await signIn(member, idMember);
  await member.goto('/bonus/rincian-bonus?from=2000-01-01&to=2999-12-31');
  const held = member.locator('details.bonus-row', { hasText: 'Ditahan' });
  await expect(held).toHaveCount(1);
  await held.locator('summary').click();
  await expect(held).toContainText(`Ditahan: ${alasan}`);

  // The batch leaves the payout out, with the reason.
  await page.goto('/admin/keuangan?status=queued');
  await page.locator(`tr[data-payout="${payoutNo}"]`).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Kirim ke penyedia transfer (yang dipilih)' }).click();
  await expect(page.getByRole('status').first()).toContainText(`${payoutNo} bonus ditahan KEUANGAN`);
  await page.goto('/admin/keuangan?status=queued');
  await expect(page.locator(`tr[data-payout="${payoutNo}"]`)).toContainText('—');

  // Released: the payout goes into a batch.
  await page.goto('/admin/keuangan/tahan');
  await page
    .locator('tr', { hasText: alasan })
    .getByRole('button', { name: /^Lepas penahanan/ })
    .click();
  await expect(page.getByRole('status').first()).toContainText('Penahanan dilepas');
  await expect(page.locator('tr', { hasText: alasan })).toHaveCount(0);
  await page.goto('/admin/keuangan?status=queued');
  await page.locator(`tr[data-payout="${payoutNo}"]`).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Kirim ke penyedia transfer (yang dipilih)' }).click();
  await expect(page.getByRole('status').first()).toContainText(/Batch BTR-\d{8}-\d{5}: 1 payout/);

  await member.reload();
  await expect(member.locator('details.bonus-row', { hasText: 'Ditahan' })).toHaveCount(0);
});
