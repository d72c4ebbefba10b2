import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, memberId, signIn, signInOperator, test } from './fixtures';
import { bearer, paidOrder } from './member-orders';

// GUDANG's day in the operator console. Generated members 185–199 belong to this file.
/** The selected row's checkbox, after searching the status queue for the order. */
async function select(page: Page, status: string, noOrder: string): Promise<void> {
  await page.goto(`/admin/orders?status=${status}&q=${noOrder}`);
  await page.getByLabel(`Pilih ${noOrder}`).check();
}
const result = (page: Page) => page.getByRole('region', { name: 'Hasil aksi' });

test('an order from PAID to DONE: pack, print, ship with waybill, tracking, received; the member sees the operator and finishes it', async ({
  page,
  browser,
}) => {
  const member = memberId(190);
  const order = await paidOrder(page, member);
  await signInOperator(page, 'gudang');
  await page.getByRole('link', { name: 'Order', exact: true }).click();
  await expect(page.getByRole('link', { name: 'PAID' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('searchbox', { name: 'Cari order' }).fill(member);
  await page.getByRole('searchbox', { name: 'Cari order' }).press('Enter');
  await expect(page.locator('tbody tr').filter({ hasText: order.no_order })).toContainText(member);

  // An action that does not fit the state is refused with a clear message; nothing changes.
  await page.getByLabel(`Pilih ${order.no_order}`).check();
  await page.getByRole('button', { name: 'Kirim (resi)' }).click();
  await expect(result(page)).toHaveText(`Nomor resi order ${order.no_order} harus diisi`);

  await select(page, 'PAID', order.no_order);
  await page.getByRole('button', { name: 'Kemas', exact: true }).click();
  await expect(result(page)).toHaveText(`Order ${order.no_order}: PAID → WAREHOUSE (Dikemas)`);

  for (const jenis of ['packing', 'label']) {
    const pdf = await page.request.get(`/admin/orders/cetak?jenis=${jenis}&no_order=${order.no_order}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
  await select(page, 'WAREHOUSE', order.no_order);
  await expect(page.getByRole('button', { name: 'Cetak label kirim (PDF)' })).toBeVisible();
  await page.getByLabel(`Resi ${order.no_order}`).fill('JNE0099887766');
  await page.getByLabel('Kota').fill('Surabaya');
  await page.getByRole('button', { name: 'Kirim (resi)' }).click();
  await expect(result(page)).toHaveText(`Order ${order.no_order}: WAREHOUSE → DELIVERY (Surabaya|Paket diserahkan ke kurir)`);

  await select(page, 'DELIVERY', order.no_order);
  await expect(page.locator('tbody tr').filter({ hasText: order.no_order })).toContainText('JNE0099887766');
  await page.getByLabel('Kota').fill('Semarang');
  await page.getByLabel('Catatan').fill('Transit di hub Semarang');
  await page.getByRole('button', { name: 'Catat pelacakan' }).click();
  await expect(result(page)).toHaveText(`Order ${order.no_order}: DELIVERY → DELIVERY (Semarang|Transit di hub Semarang)`);
  await select(page, 'DELIVERY', order.no_order);
  await page.getByLabel('Diterima oleh').fill('Pak Satpam');
  await page.getByRole('button', { name: 'Diterima' }).click();
  await expect(result(page)).toContainText(`Order ${order.no_order}: DELIVERY → RECEIVED`);

  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, member);
  await buyer.goto(`/transaksi/order-transaksi/detail/${order.public_id}`);
  await expect(buyer.locator('#order-status')).toHaveText('RECEIVED');
  for (const row of ['WAREHOUSE', 'RECEIVED'])
    await expect(buyer.locator('#history tbody tr').filter({ hasText: row })).toContainText('Gilang Gudang');
  await buyer.getByRole('button', { name: 'Pesanan Selesai' }).click();
  await buyer.getByRole('dialog', { name: 'Konfirmasi' }).getByRole('button', { name: 'Proses' }).click();
  await expect(buyer.locator('#order-status')).toHaveText('DONE');
  await expect(buyer.locator('#history tbody tr').last()).toContainText('User');

  await page.goto(`/admin/orders?status=RECEIVED&q=${order.no_order}`);
  await expect(page.getByText(`Tidak ada order berstatus RECEIVED`)).toBeVisible();
});

function png(rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff]! ^ (c >>> 8);
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
  const raw = Buffer.alloc(4 * 13);
  for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) raw.set(rgb, y * 13 + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]),
    chunk('IHDR', Buffer.from([0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0])),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A member of this file's range with a returnable order files a return (no-JavaScript form); returns the member and the return's number. */
async function fileReturn(browser: Browser, request: APIRequestContext): Promise<{ member: string; detailUrl: string }> {
  for (let n = 185; n <= 199; n++) {
    const headers = await bearer(request, memberId(n));
    const orders = (await (await request.get('/member/transaction/retur-able', { headers })).json()).result as { no_invoice: string }[];
    if (orders.length === 0) continue;
    const villages = (await (await request.post('/member/shipping-subdistrict', { headers, data: { district_id: '35.78.01' } })).json())
      .result;
    await request.post('/member/shipping-address', {
      headers,
      data: { label: 'Kantor', nama: 'Penerima Retur', phone: '6281234567890', alamat: 'Jl. Pemuda 1', kelurahan_id: villages[0].id },
    });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, memberId(n));
    await page.goto('/transaksi/retur?create=1');
    const dialog = page.locator('#dlg-retur-create');
    await dialog.getByLabel('Invoice').selectOption(orders[0]!.no_invoice);
    await dialog.locator(`fieldset[data-order="${orders[0]!.no_invoice}"] input[type=number]`).first().fill('1');
    await dialog.getByLabel('Alasan Retur').fill('Botol pecah saat diterima');
    const file = (name: string, colour: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: png(colour) });
    await dialog
      .locator('#retur-files')
      .setInputFiles([file('a.png', [200, 0, 0]), file('b.png', [0, 200, 0]), file('c.png', [0, 0, 200])]);
    await dialog.getByLabel('Alamat lain yang tersimpan').check();
    await dialog.getByLabel('Alamat tersimpan').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Kirim Retur' }).click();
    await expect(page).toHaveURL(/detail=/);
    const detailUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    await context.close();
    return { member: memberId(n), detailUrl };
  }
  throw new Error('no member of 185–199 with a returnable order');
}

test('a return from PENDING to its replacement order: evidence, refusal without a reason, approve, receive, finish', async ({
  page,
  browser,
}) => {
  const { member, detailUrl } = await fileReturn(browser, page.request);
  await signInOperator(page, 'gudang');
  await page.getByRole('link', { name: 'Retur', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Cari retur' }).fill(member);
  await page.getByRole('searchbox', { name: 'Cari retur' }).press('Enter');
  const row = page.locator('tbody tr').filter({ hasText: 'Botol pecah saat diterima' });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  const noRetur = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Retur ', '').trim();
  await expect(page.getByTestId('retur-status')).toHaveText('PENDING');
  const evidence = page.getByRole('img', { name: /^Bukti \d retur/ });
  await expect(evidence).toHaveCount(3);
  await expect.poll(() => evidence.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);

  await page.getByRole('button', { name: 'Tolak' }).click();
  await expect(page.getByRole('status')).toHaveText('Alasan penolakan harus diisi');
  await expect(page.getByTestId('retur-status')).toHaveText('PENDING');
  await page.getByRole('button', { name: 'Setujui' }).click();
  await expect(page.getByRole('status')).toHaveText(`Retur ${noRetur}: approve selesai, status APPROVED`);

  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, member);
  await buyer.goto(detailUrl);
  const detail = buyer.locator('#dlg-retur-detail');
  await expect(detail.locator('#retur-status')).toHaveText('APPROVED');
  await expect(detail).toContainText('Gilang Gudang');
  await detail.getByLabel('Ekspedisi').selectOption('jne');
  await detail.getByLabel('Nomor Resi').fill('JNE5544332211');
  await detail.getByRole('button', { name: 'Kirim Resi' }).click();
  await expect(buyer.getByRole('status').filter({ hasText: 'Nomor resi berhasil disimpan' })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('retur-status')).toHaveText('DELIVERY');
  await page.getByRole('button', { name: 'Terima paket' }).click();
  await expect(page.getByRole('status')).toHaveText(`Retur ${noRetur}: receive selesai, status RECEIVED`);
  await page.getByRole('button', { name: 'Selesaikan' }).click();
  await expect(page.getByRole('status')).toContainText(`Retur ${noRetur}: finish selesai, status DONE (invoice pengganti INV-`);
  const invoice = (await page.getByTestId('kirim-ulang').textContent())!.trim();
  await page.getByTestId('kirim-ulang').getByRole('link').click();
  await expect(page.locator('tbody tr').filter({ hasText: invoice.replace('INV-', 'ORD-') })).toContainText(member);

  await buyer.goto(detailUrl);
  await expect(buyer.locator('#dlg-retur-detail #retur-status')).toHaveText('DONE');
  await expect(buyer.locator('#dlg-retur-detail')).toContainText(invoice);
});

test('a stock adjustment with its reason shows in the history; a reduction below zero is refused', async ({ page }) => {
  await signInOperator(page, 'gudang');
  const low = Number(await page.getByTestId('low-stock').textContent());
  await page.getByRole('link', { name: 'Stok', exact: true }).click();
  const form = page.locator('form[aria-labelledby="ubah"]');
  await form.getByLabel('Produk').selectOption({ index: 1 });
  const product = (await form.getByLabel('Produk').locator('option:checked').textContent())!.split(' · ')[0]!;
  const cell = page
    .getByTestId('stock-table')
    .locator('tbody tr')
    .filter({ hasText: 'Gudang Makassar' })
    .filter({ hasText: product })
    .locator('td')
    .last();
  const qty = Number((await cell.textContent())!.replace(/\D/g, ''));
  expect(qty).toBeGreaterThan(60);
  await form.getByLabel('Gudang').selectOption({ label: 'Gudang Makassar' });
  await form.getByLabel('Perubahan').fill(String(-(qty + 1)));
  await form.getByLabel('Alasan').fill('Stok opname Makassar');
  await form.getByRole('button', { name: 'Simpan perubahan stok' }).click();
  await expect(page.getByRole('status')).toHaveText(`Stok ${product} di Gudang Makassar tinggal ${qty}; tidak bisa dikurangi ${qty + 1}`);
  await expect(page.getByTestId('stock-history')).not.toContainText('Stok opname Makassar');

  // The form keeps what was entered after a refusal; only the amount is corrected.
  await form.getByLabel('Perubahan').fill(String(-(qty - 10)));
  await form.getByRole('button', { name: 'Simpan perubahan stok' }).click();
  await expect(page.getByRole('status')).toHaveText(`Stok ${product} di Gudang Makassar: ${qty} → 10`);
  const history = page.getByTestId('stock-history').locator('tbody tr').first();
  for (const text of ['Gudang Makassar', product, 'Stok opname Makassar', 'Gilang Gudang']) await expect(history).toContainText(text);
  await page.goto('/admin/stok?menipis=1');
  await expect(
    page.getByTestId('stock-table').locator('tbody tr').filter({ hasText: 'Gudang Makassar' }).filter({ hasText: product }),
  ).toContainText('stok menipis');
  await page.goto('/admin');
  await expect(page.getByTestId('low-stock')).toHaveText(String(low + 1));
});

test('KEUANGAN is refused from the GUDANG pages and does not see them in the menu', async ({ page }) => {
  await signInOperator(page, 'keuangan');
  for (const name of ['Order', 'Retur', 'Stok', 'Produk']) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  for (const path of ['/admin/orders', '/admin/retur', '/admin/stok', '/admin/produk', '/admin/orders/cetak?jenis=label&no_order=X']) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(403);
    await expect(page.locator('body')).toContainText('Peran Anda tidak boleh membuka halaman ini');
  }
  const post = await page.request.post('/admin/stok', {
    form: { warehouse_id: '1', product_id: '1', perubahan: '5', alasan: 'coba' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(403);
});

test('the GUDANG pages fit a 360 px phone (no page-wide sideways scroll) and pass axe-core', async ({ browser }) => {
  test.setTimeout(180_000); // several full axe audits
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInOperator(page, 'gudang');
  await page.goto('/admin/retur?status=DONE');
  const detail = await page.locator('tbody a').first().getAttribute('href');
  const found: string[] = [];
  for (const path of [
    '/admin',
    '/admin/orders?status=PAID',
    '/admin/orders?status=DELIVERY',
    '/admin/retur',
    detail!,
    '/admin/stok',
    '/admin/produk',
  ]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    const violations = await axeViolations(page);
    for (const v of violations)
      found.push(
        `${v.id} (${v.impact}) on ${path}: ${v.nodes
          .slice(0, 2)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
      );
  }
  expect(found).toEqual([]);
  await context.close();
});
