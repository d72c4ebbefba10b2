import { expect, signInOperator, test } from './fixtures';

const jakartaDay = (offsetDays = 0) => new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** A month's last day: its closing issued the month's BP21 slips, so its draft is not computed again. */
const lastOfMonth = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).getUTCDate() === 1;

/** The tanggal of the member's payable (unpaid, not in a draft day) bonuses, through the member API. */
async function payableDays(request: import('@playwright/test').APIRequestContext, idMember: string): Promise<string[]> {
  const login = await (await request.post('/member/login', { data: { username: idMember, password: 'rahasia123' } })).json();
  const headers = { authorization: `Bearer ${login.result.access_token}` };
  const unpaid = (await (await request.get('/member/bonus/unpayout', { headers })).json()).result as { tanggal: string }[];
  return unpaid.map((b) => String(b.tanggal).slice(0, 10));
}

test('KEUANGAN: yesterday’s draft closing shown with its totals, approved by a second operator, then payable', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const yesterday = jakartaDay(-1);
  await signInOperator(page, 'keuangan');
  await page.goto('/admin/keuangan/closing');
  const draft = page.locator(`article.draft[data-tanggal="${yesterday}"]`);
  await expect(draft).toBeVisible();
  await expect(draft.getByRole('heading', { name: /^Draft closing / })).toBeVisible();
  await expect(draft.getByTestId('draft-bruto')).toContainText('Rp');
  await expect(draft.getByRole('table', { name: 'Total per jenis bonus' })).toBeVisible();
  await expect(draft.getByTestId('draft-rekonsiliasi')).toContainText('Rekonsiliasi:');
  await expect(page.locator(`li[data-tanggal="${yesterday}"]`)).toContainText('Draft');
  const earners = draft.getByRole('table', { name: 'Penerima bonus terbesar' });
  const earner = (await earners.locator('tbody tr').first().locator('td').first().innerText()).trim();
  expect(await payableDays(request, earner)).not.toContain(yesterday);

  // Computed again by this operator (not possible once a month's last day issued its tax slips): now only another operator approves.
  if (!lastOfMonth(yesterday)) {
    await draft.getByRole('button', { name: /^Hitung ulang closing / }).click();
    await expect(page.getByRole('status').first()).toContainText('dihitung ulang');
    await expect(draft).toContainText('Draft ini Anda hitung sendiri');
    await expect(draft.getByRole('button', { name: /^Setujui closing / })).toHaveCount(0);
  }

  const second = await (await browser.newContext()).newPage();
  await signInOperator(second, 'keuangan2');
  await second.goto('/admin/keuangan/closing');
  const same = second.locator(`article.draft[data-tanggal="${yesterday}"]`);
  await same.getByRole('button', { name: /^Setujui closing / }).click();
  await expect(second.getByRole('status').first()).toContainText('disetujui: bonusnya kini dapat dibayar');
  await expect(second.locator(`article.draft[data-tanggal="${yesterday}"]`)).toHaveCount(0);
  await expect(second.getByTestId('closing-drafts')).toContainText('Tidak ada closing draft');
  expect(await payableDays(request, earner)).toContain(yesterday);
});
