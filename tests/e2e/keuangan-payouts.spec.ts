import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, signInOperator, test } from './fixtures';

/**
 * Issue #25: KEUANGAN's day on the built-in disbursement simulator (the demo's PAYOUT_PROVIDER):
 * a batch sent by the maker, refused to the maker as checker, approved by a second operator; the
 * transfer to an account ending in 7 fails (the simulator's table) and its bonuses are released,
 * the others complete by the simulator's signed notification; the members see both.
 */

interface Row {
  no: string;
  member: string;
  rekening: string;
  batch: string;
}
const rowsOf = (page: Page) =>
  page.locator('tr[data-payout]').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
      return { no: tr.getAttribute('data-payout')!, member: cells[2]!, rekening: cells[5]!.split(' a.n. ')[0]!.trim(), batch: cells[7]! };
    }),
  );
/** The member's withdrawal row of that payout: its state, then opened, what it says. */
async function expectWithdrawal(page: Page, no: string, state: string, texts: string[]) {
  const row = page.locator('details.payout-row', { hasText: no });
  await expect(row).toContainText(state);
  await row.locator('summary').click();
  for (const text of texts) await expect(row).toContainText(text);
}
const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * Members of 140..189 and 214..259 (no other spec uses them) with a verified bank and Rp 100.000+ of unpaid bonuses: the first whose
 * account ends in 7 and the first two whose account ends otherwise; each asks for a withdrawal of
 * all its unpaid bonuses (POST /member/bonus/payout, as the withdraw page does).
 */
async function requestWithdrawals(request: APIRequestContext): Promise<{ idMember: string }[]> {
  const failing: { idMember: string; headers: Record<string, string>; ids: string[] }[] = [];
  const ok: typeof failing = [];
  const candidates = [...Array.from({ length: 50 }, (_, i) => 140 + i), ...Array.from({ length: 46 }, (_, i) => 214 + i)];
  for (const n of candidates) {
    if (failing.length === 1 && ok.length === 2) break;
    const idMember = String(1_000_000_000 + n);
    const token = (await (await request.post('/member/login', { data: { username: idMember, password: 'rahasia123' } })).json()).result
      .access_token;
    const headers = { authorization: `Bearer ${token}` };
    const profile = (await (await request.get('/member/account/profile', { headers })).json()).result;
    const unpaid = (await (await request.get('/member/bonus/unpayout', { headers })).json()).result as {
      public_id: string;
      bonus_dibayar: number;
    }[];
    const rekening = String(profile.no_rekening ?? '');
    if (profile.status_rekening !== 'VERIFIED' || unpaid.reduce((s, b) => s + b.bonus_dibayar, 0) < 100_000 || rekening.endsWith('000'))
      continue;
    const bucket = rekening.endsWith('7') ? failing : ok;
    if (bucket.length < (bucket === failing ? 1 : 2)) bucket.push({ idMember, headers, ids: unpaid.map((b) => b.public_id) });
  }
  expect(failing.length + ok.length, 'members to withdraw in 140..189, 214..259').toBe(3);
  const all = [...failing, ...ok];
  for (const m of all) {
    const answer = await request.post('/member/bonus/payout', { headers: m.headers, data: { bonus_ids: m.ids } });
    expect(answer.status()).toBe(201);
  }
  return all.map((m) => ({ idMember: m.idMember }));
}

test('KEUANGAN’s day on the simulator: sent, approved by a second operator, one transfer failing and released, the others completed by notification; the members see both', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await signInOperator(page, 'keuangan');
  await page.goto('/admin/keuangan');
  await expect(page.getByTestId('payout-provider')).toContainText('Simulator transfer');

  // Three members of 140..189 and 214..259 ask for a withdrawal: one whose account
  // ends in 7 (the simulator fails that transfer), two others (they complete).
  const requested = await requestWithdrawals(request);
  await page.goto('/admin/keuangan?status=queued');
  const rows = await rowsOf(page);
  const chosen = requested.map((r) => rows.find((row) => row.member.startsWith(r.idMember) && row.batch === '—')!);
  expect(chosen.every(Boolean), 'the three requests are queued').toBe(true);
  const tab = 'queued';
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
  await expect(page.getByRole('status').first()).toContainText(
    'Persetujuan harus oleh operator KEUANGAN lain: pembuat batch tidak boleh menyetujui batchnya sendiri',
  );
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
  await signIn(member, failing.member.split(' · ')[0]!.trim());
  await member.goto(`/bonus/withdraw?from=2000-01-01&to=${today()}&status=failed`);
  await expectWithdrawal(member, failing.no, 'Failed', ['Alasan: Transfer gagal', 'Bonusnya kembali dan dapat diajukan lagi']);
  const payee = await (await browser.newContext()).newPage();
  await signIn(payee, paid.member.split(' · ')[0]!.trim());
  await payee.goto(`/bonus/withdraw?from=2000-01-01&to=${today()}&status=completed`);
  await expectWithdrawal(payee, paid.no, 'Completed', [`Referensi bank: ${reference}`, 'Terverifikasi']);
});
