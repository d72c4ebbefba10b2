import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, login, memberId, signIn, test } from './fixtures';

/** A bearer session of a member for the API calls that prepare or inspect a test. */
async function api(request: APIRequestContext, username: string) {
  const token = (await (await request.post('/member/login', { data: { username, password: 'rahasia123' } })).json()).result
    .access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async (path: string) => request.get(path, { headers }),
    post: async (path: string, data: unknown) => request.post(path, { headers, data }),
  };
}

/**
 * The first generated member from n on (at most 45 further) with a returnable order. The returns
 * tests change members of 140–184 and 215–259 only (other areas use 100–139, 200–213, 270–289),
 * and 6 (a seeded APPROVED return).
 */
async function returner(request: APIRequestContext, from: number, to = from + 44): Promise<{ id: string; invoice: string; lines: number }> {
  for (let n = from; n <= to; n++) {
    const me = await api(request, memberId(n));
    const orders = (await (await me.get('/member/transaction/retur-able')).json()).result as {
      no_invoice: string;
      order_details: unknown[];
    }[];
    if (orders.length > 0) return { id: memberId(n), invoice: orders[0]!.no_invoice, lines: orders[0]!.order_details.length };
  }
  throw new Error(`no member with a returnable order from ${from}`);
}

/** Gives the member a saved address in Surabaya (demo orders may have been picked up, without ship-to). */
async function addAddress(request: APIRequestContext, id: string): Promise<void> {
  const me = await api(request, id);
  const villages = (await (await me.post('/member/shipping-subdistrict', { district_id: '35.78.01' })).json()).result as { id: string }[];
  const saved = await me.post('/member/shipping-address', {
    label: 'Kantor',
    nama: 'Penerima Retur',
    phone: '6281234567890',
    alamat: 'Jl. Pemuda 1',
    kelurahan_id: villages[0]!.id,
  });
  expect(saved.status()).toBe(201);
}

function png(rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0]);
  const raw = Buffer.alloc(4 * 13);
  for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) raw.set(rgb, y * 13 + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const mp4 = (size = 300) => {
  const b = Buffer.alloc(size, 0x11);
  b.writeUInt32BE(24, 0);
  b.write('ftypisom', 4, 'ascii');
  b.writeUInt32BE(0x200, 12);
  b.write('isommp41', 16, 'ascii');
  return b;
};
const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

async function openCreate(page: Page) {
  await page.goto('/transaksi/retur');
  await page.getByRole('button', { name: 'Buat Retur' }).click();
  const dialog = page.locator('#dlg-retur-create');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('create a return with 3 files: live refusals, remove and re-add an item, then PENDING by the buyer', async ({ page, request }) => {
  const who = await returner(request, 140, 164);
  await addAddress(request, who.id);
  await login(page, who.id);
  const dialog = await openCreate(page);
  const submit = dialog.getByRole('button', { name: 'Kirim Retur' });
  await expect(submit).toBeDisabled();
  // The disabled button says why, naming the first thing missing.
  await expect(submit).toHaveAccessibleDescription('Kirim Retur belum bisa: Pilih Invoice');
  await dialog.getByLabel('Invoice').selectOption(who.invoice);
  const items = dialog.locator(`fieldset[data-order="${who.invoice}"]`);
  await expect(items).toBeVisible();
  const qty = items.locator('input[type=number]').first();
  const max = Number(await qty.getAttribute('max'));
  await qty.fill(String(max + 1));
  await expect(items.getByText(`Max ${max}`)).toBeVisible();
  await qty.fill('');
  await expect(items.getByText('Masukkan Qty')).toBeVisible();
  await qty.fill('1');
  await expect(items.getByText('Masukkan Qty')).toBeHidden();

  // Remove every line: the warning shows and submit stays off; the Add Item dropdown brings one back.
  for (const remove of await items.getByRole('button', { name: /^Hapus/ }).all()) await remove.click();
  await expect(items.getByText('Tidak ada item diretur')).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(dialog.locator('#retur-submit-reason')).toHaveText('Kirim Retur belum bisa: Tidak ada item diretur');
  const add = items.locator('select[data-add]');
  await add.selectOption({ index: 1 });
  await expect(items.getByText('Tidak ada item diretur')).toBeHidden();
  const back = items.locator('tr[data-line]:not([hidden]) input[type=number]').first();
  await back.fill('1');
  await expect(dialog.locator('#retur-submit-reason')).toHaveText('Kirim Retur belum bisa: Alasan harus diisi');

  const reason = dialog.getByLabel('Alasan Retur');
  await reason.fill('x');
  await reason.fill('');
  await expect(dialog.locator('#retur-deskripsi-error')).toHaveText('Alasan harus diisi');
  await reason.fill('Kemasan penyok dan isi tumpah');

  const files = dialog.locator('#retur-files');
  await files.setInputFiles([file('a.png', 'image/png', png([200, 0, 0])), file('b.png', 'image/png', png([0, 200, 0]))]);
  await expect(dialog.locator('#retur-files-error')).toHaveText('Anda harus upload 3 gambar/video');
  const bigImage = Buffer.alloc(1_000_001, 0);
  bigImage.set([0xff, 0xd8, 0xff, 0xe0]);
  await files.setInputFiles([
    file('a.png', 'image/png', png([200, 0, 0])),
    file('b.png', 'image/png', png([0, 200, 0])),
    file('c.jpg', 'image/jpeg', bigImage),
  ]);
  await expect(dialog.locator('#retur-files-error')).toHaveText('File size gambar maksimal 500KB');
  await files.setInputFiles([
    file('a.png', 'image/png', png([200, 0, 0])),
    file('b.png', 'image/png', png([0, 200, 0])),
    file('v.mp4', 'video/mp4', mp4(5_000_001)),
  ]);
  await expect(dialog.locator('#retur-files-error')).toHaveText('File size video maksimal 5MB');
  await files.setInputFiles([
    file('a.png', 'image/png', png([200, 0, 0])),
    file('b.png', 'image/png', png([0, 200, 0])),
    file('v.mp4', 'video/mp4', mp4()),
  ]);
  await expect(dialog.locator('#retur-files-error')).toHaveText('');

  await dialog.getByLabel('Alamat lain yang tersimpan').check();
  await expect(dialog.locator('#retur-address-error')).toHaveText('Pilih Alamat');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Alamat tersimpan').selectOption({ index: 1 });
  await expect(submit).toBeEnabled();
  await expect(dialog.locator('#retur-submit-reason')).toBeHidden();
  await submit.click();

  await expect(page.getByRole('status').filter({ hasText: 'Retur berhasil dibuat' })).toBeVisible();
  const detail = page.locator('#dlg-retur-detail');
  await expect(detail).toBeVisible();
  await expect(detail.locator('#retur-status')).toHaveText('PENDING');
  await expect(detail).toContainText(who.invoice);
  await expect(detail).toContainText('Penerima Retur');
  await expect(detail.locator('#retur-history tbody tr')).toHaveCount(1);
  await expect(detail.locator('#retur-history tbody tr').first()).toContainText('PENDING');
  await expect(detail.locator('.retur-files img')).toHaveCount(2);
  await expect(detail.locator('.retur-files video')).toHaveCount(1);
  // The evidence is served to its owner, with the type sniffed from the bytes.
  const src = await detail.locator('.retur-files img').first().getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  await detail.getByRole('button', { name: 'Tutup' }).click();
  await expect(detail).toBeHidden();
  await expect(page.locator('#retur-table tbody tr').first()).toContainText('PENDING');
});

test('the server refuses a file whose bytes are not an image or video, and keeps nothing', async ({ page, request }) => {
  const who = await returner(request, 215);
  await addAddress(request, who.id);
  await login(page, who.id);
  const dialog = await openCreate(page);
  await dialog.getByLabel('Invoice').selectOption(who.invoice);
  await dialog.locator(`fieldset[data-order="${who.invoice}"] input[type=number]`).first().fill('1');
  await dialog.getByLabel('Alasan Retur').fill('Barang tidak sesuai');
  await dialog
    .locator('#retur-files')
    .setInputFiles([
      file('a.png', 'image/png', png([1, 2, 3])),
      file('b.png', 'image/png', Buffer.from('bukan gambar sama sekali')),
      file('v.mp4', 'video/mp4', mp4()),
    ]);
  await dialog.getByLabel('Alamat lain yang tersimpan').check();
  await dialog.getByLabel('Alamat tersimpan').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Kirim Retur' }).click();
  await expect(page.locator('#retur-failure')).toHaveText('File harus berupa gambar (JPG, PNG, WebP, GIF) atau video (MP4)');
  await expect(page.locator('#dlg-retur-create')).toBeVisible();
  // Fixing the files clears the stale refusal (the page's script listens for the change: it has run
  // by DOMContentLoaded; on a loaded machine the refusal was on screen and the files set before it).
  await page.waitForLoadState('domcontentloaded');
  await page
    .locator('#retur-files')
    .setInputFiles([
      file('a.png', 'image/png', png([1, 2, 3])),
      file('b.png', 'image/png', png([4, 5, 6])),
      file('v.mp4', 'video/mp4', mp4()),
    ]);
  await expect(page.locator('#retur-failure')).toHaveCount(0);
  const me = await api(request, who.id);
  expect(
    (
      await (
        await me.get(
          `/member/transaction/retur?filter=${encodeURIComponent(JSON.stringify({ tanggal: { between: ['2000-01-01', '2999-12-31'] } }))}`,
        )
      ).json()
    ).result.total_count,
  ).toBe(0);
});

test('without JavaScript the create form still posts: one qty field per line, the files and the saved address', async ({
  browser,
  request,
}) => {
  const who = await returner(request, 165, 184);
  await addAddress(request, who.id);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, who.id);
  await page.goto('/transaksi/retur?create=1');
  const dialog = page.locator('#dlg-retur-create');
  await dialog.getByLabel('Invoice').selectOption(who.invoice);
  await dialog.locator(`fieldset[data-order="${who.invoice}"] input[type=number]`).first().fill('1');
  await dialog.getByLabel('Alasan Retur').fill('Tanpa JavaScript');
  await dialog
    .locator('#retur-files')
    .setInputFiles([
      file('a.png', 'image/png', png([9, 9, 9])),
      file('b.png', 'image/png', png([90, 9, 9])),
      file('v.mp4', 'video/mp4', mp4()),
    ]);
  await dialog.getByLabel('Alamat lain yang tersimpan').check();
  await dialog.getByLabel('Alamat tersimpan').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Kirim Retur' }).click();
  await expect(page).toHaveURL(/detail=/);
  await expect(page.locator('#dlg-retur-detail #retur-status')).toHaveText('PENDING');
  await expect(page.locator('#dlg-retur-detail')).toContainText(who.invoice);
  await context.close();
});

test('after approval the member sends courier and waybill; the return moves to DELIVERY and Lacak shows it', async ({ page }) => {
  // Generated member 6 has a seeded PENDING and a seeded APPROVED return.
  await signIn(page, memberId(6));
  await page.goto('/transaksi/retur');
  await page.locator('#retur-table tbody tr', { hasText: 'APPROVED' }).first().click();
  const detail = page.locator('#dlg-retur-detail');
  await expect(detail).toBeVisible();
  await expect(page).toHaveURL(/detail=/);
  await expect(detail.locator('#retur-office')).toContainText('Surabaya');
  await detail.getByRole('button', { name: 'Kirim Resi' }).click();
  await expect(detail.locator('#resi-ekspedisi-error')).toHaveText('Pilih Ekspedisi');
  await expect(detail.locator('#resi-resi-error')).toHaveText('Masukkan Nomor Resi');
  const options = await detail.getByLabel('Ekspedisi').locator('option').allTextContents();
  expect(options).toEqual(['Pilih Ekspedisi', 'POS Indonesia', 'JNE', 'J&T', 'Ninja Xpress', 'SiCepat', 'AnterAja']);
  await detail.getByLabel('Ekspedisi').selectOption('anteraja');
  await detail.getByLabel('Nomor Resi').fill('AA1234567890');
  await detail.getByRole('button', { name: 'Kirim Resi' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nomor resi berhasil disimpan' })).toBeVisible();
  const after = page.locator('#dlg-retur-detail');
  await expect(after.locator('#retur-status')).toHaveText('DELIVERY');
  await after.getByText('Lacak').click();
  await expect(after.locator('.lacak table')).toContainText('AA1234567890');
  await expect(after.locator('#retur-history tbody tr').last()).toContainText('Member');
});

test('each status has its own view, with the history actors (demosilver, read only)', async ({ page }) => {
  await signIn(page, 'demosilver');
  await page.goto('/transaksi/retur');
  const rows = page.locator('#retur-table tbody tr');
  await expect(rows).toHaveCount(6);
  const expected: Record<string, RegExp> = {
    PENDING: /sedang diperiksa/,
    APPROVED: /Kirim paket ke kantor gudang/,
    DELIVERY: /Paket sedang dikirim/,
    RECEIVED: /akan dikirim ulang/,
    DONE: /Invoice pengganti telah dibuat/,
    REJECTED: /Retur ditolak: Foto bukti tidak menunjukkan kerusakan produk/,
  };
  for (const [status, text] of Object.entries(expected)) {
    await rows.filter({ hasText: status }).first().click();
    const detail = page.locator('#dlg-retur-detail');
    await expect(detail.locator('#retur-status')).toHaveText(status);
    await expect(detail.locator('#retur-state')).toContainText(text);
    const history = detail.locator('#retur-history tbody tr');
    await expect(history.first()).toContainText('Demo Silver');
    if (status === 'DELIVERY') {
      await expect(history.nth(2)).toContainText('Member');
      await detail.getByText('Lacak').click();
      await expect(detail.locator('.lacak table tbody tr')).toHaveCount(1);
    }
    if (status === 'APPROVED') await expect(history.nth(1)).toContainText('Rina (Admin Retur)');
    if (status === 'DONE') {
      const link = detail.locator('#retur-state a');
      await expect(link).toHaveText(/^INV-/);
      expect(await link.getAttribute('href')).toMatch(/^\/transaksi\/order-transaksi\/detail\/[0-9a-f-]{36}$/);
    }
    await detail.getByRole('button', { name: 'Tutup' }).click();
    await expect(detail).toBeHidden();
  }
  // Sorting is done by the server through the column links.
  await page.getByRole('link', { name: 'No Retur' }).click();
  await expect(page).toHaveURL(/orderby=no_retur&order=asc/);
  const numbers = await page.locator('#retur-table tbody td:nth-child(3)').allTextContents();
  expect(numbers).toEqual([...numbers].sort());
});

test('another member’s return, its files and its detail are not visible; no JavaScript still opens a detail', async ({
  page,
  request,
  browser,
}) => {
  const owner = await api(request, 'demoplatinum');
  const theirs = (await (await owner.get('/member/transaction/retur')).json()).result.rows[0] as { public_id: string; no_retur: string };
  const detail = (await (await owner.get(`/member/transaction/retur/${theirs.public_id}`)).json()).result as {
    retur_jual_files: { file: string }[];
  };
  expect((await owner.get(detail.retur_jual_files[0]!.file)).status()).toBe(200);

  await login(page, memberId(6));
  const response = await page.goto(`/transaksi/retur?detail=${theirs.public_id}`);
  expect(response!.status()).toBe(404);
  await expect(page.locator('#detail-missing')).toHaveText('Retur tidak ditemukan');
  await expect(page.locator('#dlg-retur-detail')).toHaveCount(0);
  await expect(page.locator('#retur-table')).not.toContainText(theirs.no_retur);
  expect((await page.request.get(detail.retur_jual_files[0]!.file)).status()).toBe(404);
  expect((await page.request.get(`/member/transaction/retur/${theirs.public_id}`)).status()).toBe(404);
  const resi = await page.request.post('/member/transaction/retur/resi', {
    data: { public_id: theirs.public_id, ekspedisi: 'jne', resi: 'X1' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(resi.status()).toBe(404);

  // Without JavaScript the row's link loads the page with the detail open.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await signIn(plain, 'demoplatinum');
  await plain.goto('/transaksi/retur');
  await plain.getByRole('link', { name: theirs.no_retur }).click();
  await expect(plain.locator('#dlg-retur-detail')).toContainText(theirs.no_retur);
  await context.close();
});

test('Buat Retur is disabled without a returnable order, and an empty range shows No data', async ({ page, request }) => {
  let id: string | undefined;
  for (let n = 290; n <= 300 && !id; n++) {
    const me = await api(request, memberId(n));
    if (((await (await me.get('/member/transaction/retur-able')).json()).result as unknown[]).length === 0) id = memberId(n);
  }
  await signIn(page, id!);
  await page.goto('/transaksi/retur');
  await expect(page.getByRole('button', { name: 'Buat Retur' })).toBeDisabled();
  await expect(page.locator('#retur-table tbody')).toHaveText('No data');
  const from = await page.getByLabel('Dari').inputValue();
  expect(Math.round((Date.now() - Date.parse(from)) / 86_400_000)).toBeGreaterThanOrEqual(30);
});
