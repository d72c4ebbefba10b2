import { test, expect, login, signInOperator } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * Issue #25: KEUANGAN's day on the built-in disbursement simulator (the demo's PAYOUT_PROVIDER):
 * a batch sent by the maker, refused to the maker as checker, approved by a second operator; the
 * transfer to an account ending in 7 fails (the simulator's table) and its bonuses are released,
 * the others complete by the simulator's signed notification; the members see both.
 */


interface Row { no: string; member: string; rekening: string; batch: string }
const rowsOf = (page: Page) => page.locator('tr[data-payout]').evaluateAll((trs) => trs.map((tr) => {
  const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
  return { no: tr.getAttribute('data-payout')!, member: cells[2]!, rekening: cells[5]!.split(' a.n. ')[0]!.trim(), batch: cells[7]! };
}));
/** The member's withdrawal row of that payout: its state, then opened, what it says. */
async function expectWithdrawal(page: Page, no: string, state: string, texts: string[]) {
  const row = page.locator('details.payout-row', { hasText: no });
  await expect(row).toContainText(state);
  await row.locator('summary').click();
  for (const text of texts) await expect(row).toContainText(text);
}
const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

test('KEUANGAN’s day on the simulator: sent, approved by a second operator, one transfer failing and released, the others completed by notification; the members see both', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signInOperator(page, 'keuangan');
  await page.goto('/admin/keuangan');
  await expect(page.getByTestId('payout-provider')).toContainText('Simulator transfer');

  // Three payouts in no batch yet: one to an account ending in 7 (fails), two others (complete).
  let chosen: Row[] = [];
  let tab = '';
  for (const status of ['processed', 'queued']) {
    await page.goto(`/admin/keuangan?status=${status}`);
    // The first processed row is the CSV export spec's (tests/e2e/keuangan.spec.ts).
    const free = (await rowsOf(page)).slice(status === 'processed' ? 1 : 0).filter((r) => r.batch === '—' && /^\d+$/.test(r.rekening) && !r.rekening.endsWith('000'));
    const failing = free.find((r) => r.rekening.endsWith('7'));
    const ok = free.filter((r) => !r.rekening.endsWith('7')).slice(0, 2);
    if (failing && ok.length === 2) {
      chosen = [failing, ...ok];
      tab = status;
      break;
    }
  }
  expect(chosen, 'a free payout to an account ending in 7 and two others').toHaveLength(3);
  const [failing, paid] = chosen as [Row, Row, Row];
  for (const r of chosen) await page.locator(`tr[data-payout="${r.no}"]`).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Kirim ke penyedia transfer (yang dipilih)' }).click();
  const sent = page.getByRole('status').first();
  await expect(sent).toContainText(/Batch BTR-\d{8}-\d{5}: 3 payout/);
  await expect(sent).toContainText('menunggu persetujuan operator lain');
  const batchNo = /BTR-\d{8}-\d{5}/.exec((await sent.textContent())!)![0];
  const batchRow = page.locator(`tr[data-batch="${batchNo}"]`);
  await expect(batchRow).toContainText('Menunggu persetujuan');

  // Four eyes: the maker's own approval is refused with the reason.
  await batchRow.getByRole('button', { name: 'Setujui (operator lain)' }).click();
  await expect(page.getByRole('status').first()).toContainText('Persetujuan harus oleh operator KEUANGAN lain: pembuat batch tidak boleh menyetujui batchnya sendiri');
  await expect(page.locator(`tr[data-batch="${batchNo}"]`)).toContainText('Menunggu persetujuan');

  // The checker: another operator.
  const checker = await (await browser.newContext()).newPage();
  await signInOperator(checker, 'superadmin');
  await checker.goto(`/admin/keuangan?status=${tab}`);
  await checker.locator(`tr[data-batch="${batchNo}"]`).getByRole('button', { name: 'Setujui (operator lain)' }).click();
  await expect(checker.getByRole('status').first()).toContainText(`Batch ${batchNo} disetujui: 3 payout ditransfer penyedia`);

  // The simulator settles a few seconds later and notifies: completed and failed, by notification.
  await expect(async () => {
    await page.goto('/admin/keuangan?status=failed');
    await expect(page.locator(`tr[data-payout="${failing.no}"]`)).toContainText('Rekening tujuan tidak aktif', { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await page.goto('/admin/keuangan?status=completed');
  for (const r of chosen.slice(1)) await expect(page.locator(`tr[data-payout="${r.no}"]`)).toContainText(batchNo);
  await expect(page.locator(`tr[data-payout="${paid.no}"]`)).toContainText(/Ref\. SIM[0-9A-F]+ \(completed\)/);
  const reference = /SIM[0-9A-F]+/.exec((await page.locator(`tr[data-payout="${paid.no}"]`).textContent())!)![0];
  await page.goto('/admin/keuangan');
  await expect(page.locator(`tr[data-batch="${batchNo}"]`)).toContainText('Selesai');

  // The members: the failure with its reason (bonuses back), the transfer with the bank's reference.
  const member = await (await browser.newContext()).newPage();
  await login(member, failing.member.split(' · ')[0]!.trim());
  await member.goto(`/bonus/withdraw?from=2000-01-01&to=${today()}&status=failed`);
  await expectWithdrawal(member, failing.no, 'Failed', ['Alasan: Transfer gagal', 'Bonusnya kembali dan dapat diajukan lagi']);
  const payee = await (await browser.newContext()).newPage();
  await login(payee, paid.member.split(' · ')[0]!.trim());
  await payee.goto(`/bonus/withdraw?from=2000-01-01&to=${today()}&status=completed`);
  await expectWithdrawal(payee, paid.no, 'Completed', [`Referensi bank: ${reference}`, 'Terverifikasi']);
});
