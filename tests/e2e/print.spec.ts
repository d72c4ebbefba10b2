import type { Page } from '@playwright/test';
import { pdfPages } from '../pdf-text';
import { expect, login, signIn, test } from './fixtures';

/**
 * Print (issue #8): every report and list a member prints comes out of Chromium's print-to-PDF on
 * A4 with the print header (title, ID Member and name, period or filters, print date), the table
 * with all its columns and its data, and without the menu, top bar, footer or filter form.
 * Signed in read-only as the README's demo logins.
 */

const A4 = { width: 595.28, height: 841.89 };
/** A4 minus the @page margins of portal.css (10 mm each side), in CSS pixels. */
const printWidth = (landscape: boolean) => Math.floor((((landscape ? 297 : 210) - 20) / 25.4) * 96);

/** Texts only the side menu, top bar and footer show (menu entries of no report, account links, copyright). */
const CHROME = [
  'Lewati ke konten',
  'Cek Ongkir',
  'News & Tips',
  'Reward Direct Sponsor',
  'Rincian Bonus',
  'Ubah Password',
  'Logout',
  'Hak cipta dilindungi',
];

interface Printed {
  /** The header's title line. */
  title: string;
  /** The period and filter lines the header must show. */
  header?: (string | RegExp)[];
  /** Every column header of the printed table, the last one included (no cut columns). */
  columns?: string[];
  /** Texts of the screen that must not be on paper: filter form, buttons, closed panels. */
  absent?: string[];
  /** A data value: by default the first table row, cell by cell, as the screen shows it. */
  data?: string[];
  table?: string;
  /** Printed landscape by its own @page rule. */
  landscape?: boolean;
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

async function firstRow(page: Page, table: string): Promise<string[]> {
  const cells = await page.locator(`${table} tbody tr`).first().locator('td:not(.no-print)').allInnerTexts();
  const texts = cells.map(flat).filter(Boolean);
  expect(texts.join(' | '), `${table} has data`).not.toContain('No data');
  expect(texts.length).toBeGreaterThan(0);
  return texts;
}

/** Prints the open page to an A4 PDF and checks it; also lays the page out for print at A4 width. */
async function checkPrint(page: Page, idMember: string, nama: string, expected: Printed): Promise<string> {
  const table = expected.table ?? 'main table';
  const data = expected.data ?? (await firstRow(page, table));

  const landscape = expected.landscape ?? false;
  const pages = await pdfPages(await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true }));
  expect(pages.length).toBeGreaterThan(0);
  const size = landscape ? { width: A4.height, height: A4.width } : A4;
  for (const p of pages) {
    expect(Math.abs(p.width - size.width), `page width ${p.width}`).toBeLessThanOrEqual(1);
    expect(Math.abs(p.height - size.height), `page height ${p.height}`).toBeLessThanOrEqual(1);
  }
  const lines = pages[0]!.text.split('\n');
  const text = flat(pages.map((p) => p.text).join('\n'));

  // The print header opens the first page.
  expect(lines.slice(0, 3)).toContain(expected.title);
  expect(lines).toContain(`ID Member: ${idMember} · Nama: ${nama}`);
  for (const line of expected.header ?? []) {
    if (typeof line === 'string') expect(lines).toContain(line);
    else
      expect(
        lines.some((l) => line.test(l)),
        `a header line matching ${line}`,
      ).toBe(true);
  }
  expect(
    lines.some((l) => /^Dicetak: \d{1,2} \S+ \d{4} \d{2}:\d{2} WIB$/.test(l)),
    'print date',
  ).toBe(true);

  for (const column of expected.columns ?? []) expect(text, `column ${column}`).toContain(column);
  for (const value of data) expect(text, `data ${value}`).toContain(value);
  // The menu entry of the page itself is its title: the other entries stand for the menu.
  const chrome = CHROME.filter((label) => !expected.title.includes(label));
  for (const absent of [...chrome, ...(expected.absent ?? [])]) expect(text, `not printed: ${absent}`).not.toContain(absent);

  // Laid out for paper: nothing wider than the printable width (it would be cut off) and no dark fills.
  await page.emulateMedia({ media: 'print' });
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: printWidth(landscape), height: 1100 });
  const layout = await page.evaluate(() => {
    const dark: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body, body *'))) {
      if (!el.getClientRects().length) continue;
      const style = getComputedStyle(el);
      const match = /rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/.exec(style.backgroundColor);
      if (style.backgroundImage !== 'none' && el.matches('body, .shell, main, main *')) dark.push(`${el.tagName}.${el.className} image`);
      if (!match || Number(match[4] ?? 1) < 0.5) continue;
      const [r, g, b] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
      if (0.2126 * r + 0.7152 * g + 0.0722 * b < 140) dark.push(`${el.tagName}.${el.className} ${style.backgroundColor}`);
    }
    const wide = Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter(
        (el) => el.getClientRects().length && (el.getBoundingClientRect().right > innerWidth + 1 || el.getBoundingClientRect().left < -1),
      )
      .map(
        (el) =>
          `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().left)}–${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { dark, wide: wide.slice(0, 5), scroll: document.documentElement.scrollWidth, width: innerWidth };
  });
  expect(layout.dark, 'dark backgrounds on paper').toEqual([]);
  expect(layout.wide, 'outside the A4 printable width').toEqual([]);
  expect(layout.scroll).toBeLessThanOrEqual(layout.width);
  // Back to no emulation: page.pdf() prints with the emulated media when one is set.
  await page.emulateMedia({ media: null });
  if (viewport) await page.setViewportSize(viewport);
  return text;
}

const DATE_FILTER = ['Lihat', 'Sampai'];
const year = new Date().getFullYear();

test.describe.configure({ mode: 'parallel' });

test('bonus reports print on A4 with their header (demosilver, demoplatinum)', async ({ browser }) => {
  const silver = await (await browser.newContext()).newPage();
  await signIn(silver, 'demosilver');
  await silver.goto('/report/bonus-harian?from=2020-01-01');
  await checkPrint(silver, '1000000002', 'Demo Silver', {
    title: 'Laporan Bonus Harian',
    header: [/^Periode: 1 Januari 2020 – \d{1,2} \S+ \d{4}$/],
    columns: ['No', 'Tanggal', 'Jenis Bonus', 'Bonus Bruto', 'Potongan PPH', 'Bonus Bersih'],
    absent: [...DATE_FILTER, 'Show'],
  });
  await silver.close();

  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'demoplatinum');
  await page.goto('/report/bonus-bulanan?from=2020-01&to=2099-12');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Laporan Bonus Bulanan',
    header: ['Periode: Januari 2020 – Desember 2099'],
    columns: ['No', 'Bulan', 'Bonus Bruto', 'Potongan PPH', 'Bonus Bersih'],
    absent: ['Lihat', 'Dari bulan', 'Sampai bulan'],
  });

  await page.goto('/report/penarikan-bonus?from=2020-01-01');
  const firstBonus = flat((await page.locator('main table tbody tr').first().locator('details li').first().textContent()) ?? '');
  const text = await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Laporan Penarikan Bonus',
    header: [/^Periode: 1 Januari 2020 – /],
    columns: ['No', 'Tanggal', 'Bonus Bruto', 'PPH', 'Biaya Admin', 'Bonus Diterima'],
    absent: DATE_FILTER,
  });
  // The folded breakdown by bonus type and date is printed open.
  expect(firstBonus).not.toBe('');
  expect(text).toContain(firstBonus);

  await page.goto('/report/pph');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Laporan PPh',
    header: [`Periode: Tahun ${year}`],
    landscape: true,
    columns: ['Masa', 'Tahun', 'Pb', 'Nomor', 'NPWP', 'NIK', 'Nama', 'Kode', 'Bruto', 'DPP', 'PPh', 'Tarif', 'Tgl.Potong'],
    absent: ['Lihat', 'Bukti potong'],
  });

  await page.goto('/report/annual-pairing');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    // The period is the page's own line under the header (the spec's fixed text), printed as it is.
    title: 'Laporan Annual Pairing',
    header: ['Periode: 13 June 2024 to 15 June 2025'],
    columns: ['No', 'Periode', 'BV Kiri', 'BV Kanan', 'Annual Pairing'],
    absent: ['Info peringkat', 'Peringkat Annual Pairing'],
  });
  await page.close();
});

test('the bonus and withdrawal lists print on A4 with their header (demoplatinum)', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/bonus/rincian-bonus?from=2020-01-01');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Rincian Bonus',
    header: [/^Periode: 1 Januari 2020 – /],
    data: [flat(await page.locator('.bonus-row summary').first().innerText())],
    absent: [...DATE_FILTER, 'Sebelumnya', 'Berikutnya'],
  });
  await page.goto('/bonus/withdraw?from=2020-01-01');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Penarikan Bonus',
    header: [/^Periode: 1 Januari 2020 – /],
    data: [flat(await page.locator('.payout-row summary').first().innerText())],
    absent: [...DATE_FILTER, 'Create Withdraw'],
  });
});

test('network reports print on A4 with their header (demoplatinum)', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/report/downline-report');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Laporan Downline',
    header: [/^Filter: Posisi: Semua · Halaman 1 dari \d+$/],
    columns: ['No', 'Tanggal Join', 'Downline', 'Sponsor', 'Upgrade', 'BV', 'Posisi'],
    absent: ['Export CSV', 'Cari nama', 'Total downline', 'Lihat'],
  });

  await page.goto('/report/omset?from=2020-01-01&jenisOmset=pribadi');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Laporan Omset',
    header: [/^Periode: 1 Januari 2020 – /, 'Filter: Jenis: Pribadi'],
    columns: ['Tgl Invoice', 'No Invoice', 'Nama', 'BV', 'Jenis Order', 'Total'],
    absent: DATE_FILTER,
  });

  await page.goto('/report/tree');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Laporan Jaringan',
    header: ['Filter: Pohon 3 Level dari 1000000001 Demo Platinum'],
    data: ['Demo Silver', '1000000002', 'Demo Bronze', '1000000003'],
    absent: ['DownL', 'DownR', 'Cari ID/Nama'],
  });
});

test('orders, an order detail and returns print on A4 with their header (demoplatinum)', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/transaksi/order-transaksi?from=2020-01-01');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Order Transaksi',
    header: [/^Periode: 1 Januari 2020 – /, /^Filter: Status: Semua/],
    columns: ['Tanggal', 'No Order', 'No Invoice', 'Jenis', 'Member', 'Total Bayar', 'Status'],
    absent: ['Cari No Transaksi', 'Semua status', 'Lihat'],
  });

  const href = await page.locator('tbody tr a.row-link').first().getAttribute('href');
  await page.goto(href!);
  const noOrder = flat((await page.locator('h1').textContent()) ?? '').replace(/^Order /, '');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: `Order ${noOrder} · Invoice ${flat((await page.locator('#no-invoice').textContent()) ?? '')}`,
    table: '#items',
    columns: ['Barang', 'Harga', 'Qty', 'BV', 'Berat', 'Subtotal', 'Total berat', 'Rincian Biaya', 'Riwayat'],
    absent: ['Kembali ke daftar order', 'Lacak Pengiriman'],
  });

  await page.goto('/transaksi/retur?from=2020-01-01');
  await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Retur',
    header: [/^Periode: 1 Januari 2020 – /],
    columns: ['Tanggal', 'No Order', 'No Retur', 'Status'],
    absent: ['Buat Retur', ...DATE_FILTER],
  });
});

test('reward promos (demoplatinum) and the stokis report (demostokis) print on A4 with their header', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await login(page, 'demoplatinum');
  for (const [path, title, promo, unit] of [
    ['/reward-promo/ongoing', 'Promo Berjalan', 'Voucher Belanja Sponsor', 'Nominal'],
    ['/reward-promo/completed', 'Promo Selesai', 'Trip Singapura', 'BV'],
  ] as const) {
    await page.goto(path);
    await page.locator('#promo-select').selectOption({ label: promo });
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    await expect(page.locator('#promo-omsets')).toBeVisible();
    await checkPrint(page, '1000000001', 'Demo Platinum', {
      title: `${title}: ${promo}`,
      header: [/^Periode: \d{1,2} \S+ \d{4} sd \d{1,2} \S+ \d{4}$/, 'Filter: Detail Poin/Omset'],
      table: '#promo-omsets',
      columns: ['No', 'Tanggal Join', 'ID Member / Nama', 'Invoice', 'Jenis', unit, 'Status Klaim'],
      absent: ['Pilih Reward', 'Tampilkan', 'Riwayat Klaim'],
    });
  }
  await page.close();

  const stokis = await (await browser.newContext()).newPage();
  await signIn(stokis, 'demostokis');
  await stokis.goto('/stokis/stokis-report');
  // Early in a month the stockist may not have restocked yet: the month before has orders then.
  if ((await stokis.locator('main table tbody td').first().textContent()) === 'No data') {
    const previous = new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1);
    await stokis.goto(`/stokis/stokis-report?month=${previous.getMonth() + 1}&year=${previous.getFullYear()}`);
  }
  const data = [flat((await stokis.locator('main table tbody summary').first().textContent()) ?? '')];
  await checkPrint(stokis, '1000000004', 'Demo Stokis', {
    title: 'Stokis Report',
    header: [/^Periode: 1 \S+ \d{4} – \d{2} \S+ \d{4}$/],
    data,
    columns: ['No Invoice', 'Total Harga', 'Tgl Invoice'],
    absent: ['Lihat', 'Member Stokis'],
  });
  await stokis.close();
});

test('"Cetak semua" prints every row of the downline report, not its first page (demoplatinum)', async ({ page }) => {
  test.slow();
  await signIn(page, 'demoplatinum');
  await page.goto('/report/downline-report');
  await expect(page.locator('main table tbody tr')).toHaveCount(20);
  // Every row of the report, as the CSV export has them (header line excluded).
  const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = (await (await page.request.get(csvHref!)).text()).trimEnd().split(/\r?\n/);
  const all = csv.length - 1;
  expect(all, 'more rows than one screen page').toBeGreaterThan(20);

  await page.getByRole('link', { name: 'Cetak semua' }).click();
  await expect(page).toHaveURL(/[?&]cetak=1/);
  const rows = page.locator('main table tbody tr');
  await expect(rows).toHaveCount(all);
  await expect(rows.last().locator('td').first()).toHaveText(String(all));
  await expect(page.locator('.pagination')).toHaveCount(0);
  const lastId = flat(await rows.last().locator('td').nth(2).innerText()).split(' ')[0]!;
  const printed = await checkPrint(page, '1000000001', 'Demo Platinum', {
    title: 'Laporan Downline',
    header: [`Filter: Posisi: Semua · Semua ${all.toLocaleString('id-ID')} baris`],
    columns: ['No', 'Tanggal Join', 'Downline', 'Sponsor', 'Upgrade', 'BV', 'Posisi'],
    absent: ['Export CSV', 'Cetak semua', 'Tampilan cetak', 'Kembali ke laporan'],
  });
  expect(printed, 'the last row is on paper').toContain(lastId);
});
