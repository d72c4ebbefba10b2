import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, jakartaMoment, today } from '../../src/lib/calendar';
import { getDb, selectRows } from '../../src/server/db/client';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import type { Actor } from '../../src/server/services/operator/assert-role';
import { ROLE_REFUSED } from '../../src/server/services/operator/assert-role';
import { resolveOperatorSession } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
import { updateSettingGroup } from '../../src/server/services/operator/update-setting-group';
import { createOrder } from '../../src/server/services/order/create-order';
import { findWarehouses } from '../../src/server/services/order/find-warehouses';
import { getOrderDetail } from '../../src/server/services/order/get-order-detail';
import { listProducts } from '../../src/server/services/order/list-products';
import { GUDANG_STOCK_ONLY } from '../../src/server/services/produk/catalogue-roles';
import { getProductAdmin } from '../../src/server/services/produk/get-product-admin';
import { listCatalogue } from '../../src/server/services/produk/list-catalogue';
import { addProductImage, PRODUCT_IMAGE_AREA, removeProductImage } from '../../src/server/services/produk/product-images';
import { createProduct, updateProduct } from '../../src/server/services/produk/save-product';
import { cancelScheduledPrice, PRICE_DAY_PAST, setProductPrice } from '../../src/server/services/produk/set-product-price';
import { updateWarehouse } from '../../src/server/services/produk/update-warehouse';
import { storedImageResponse } from '../../src/server/stored-image';
import { visitConsole } from './console-visit';
import { sessionOf } from './helpers';

const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

async function operator(username: string): Promise<Actor> {
  const [row] = await selectRows<{ id: number; nama: string; role: Actor['role'] }>(
    await getDb(),
    sql`select id::int as id, nama, role from operators where username = ${username}`,
  );
  return row!;
}
const productId = async (kode: string) =>
  (await selectRows<{ id: number }>(await getDb(), sql`select id::int as id from products where kode = ${kode}`))[0]!.id;
const audits = async (object: string) =>
  selectRows<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    await getDb(),
    sql`select action, before, after from audit_log where object = ${object} order by id`,
  );
const versionsOf = async (kode: string) =>
  selectRows<{ berlaku_mulai: string; harga: number }>(
    await getDb(),
    sql`select pp.berlaku_mulai::text as berlaku_mulai, pp.harga::int as harga from product_prices pp join products p on p.id = pp.product_id
      where p.kode = ${kode} order by pp.berlaku_mulai`,
  );
const lineHarga = async (publicId: string) =>
  (
    await selectRows<{ harga: number }>(
      await getDb(),
      sql`select d.harga::int as harga from order_details d join orders o on o.id = d.order_id where o.public_id = ${publicId}::uuid`,
    )
  ).map((r) => r.harga);
const rupiahOf = async (jenis: 'repeat-order' | 'registrasi', nama: string, now?: Date) =>
  (await listProducts(jenis, 100, now)).rows.find((p) => p.nama === nama)?.harga;

/** A pickup repeat order of one product by demosilver, priced by the server on the day it is made. */
async function orderOne(nama: string, ref: string) {
  const me = await sessionOf('demosilver');
  const product = (await listProducts('repeat-order')).rows.find((p) => p.nama === nama)!;
  const details = [{ id: product.public_id, qty: 1 }];
  const [gudang] = await findWarehouses(details, { online: false, pickup: true });
  return createOrder(me, {
    client_ref: ref,
    pickup_store: true,
    id_gudang: gudang!.public_id,
    is_asuransi: false,
    details,
    payment_method: 'bca_va',
    join_member: false,
    upgrade_member: false,
    is_ro: true,
    member: null,
  } as Parameters<typeof createOrder>[1]);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('prices from a day on', () => {
  it('a price effective tomorrow is not used today and is used tomorrow; the console lists both; the change is audited', async () => {
    const admin = await operator('superadmin');
    const id = await productId('PRD-KOPI');
    const tomorrow = addDays(today(), 1);
    const message = await setProductPrice(admin, id, { harga: '180000', dpp: '', persen_ppn: '12', berlaku_mulai: tomorrow });
    expect(message).toContain('Rp\u00a0180.000');

    expect(await rupiahOf('repeat-order', 'Kopi Herbal Ginseng')).toBe(150_000);
    expect(await rupiahOf('repeat-order', 'Kopi Herbal Ginseng', jakartaMoment(tomorrow, '00:00'))).toBe(180_000);
    expect(await rupiahOf('repeat-order', 'Kopi Herbal Ginseng', jakartaMoment(addDays(tomorrow, 30), '12:00'))).toBe(180_000);

    const catalogue = await listCatalogue(admin);
    const kopi = catalogue.products.find((p) => p.kode === 'PRD-KOPI')!;
    expect(kopi.harga).toBe(150_000);
    expect(kopi.terjadwal.map((v) => [v.berlakuMulai, v.harga, v.dpp])).toEqual([[tomorrow, 180_000, 162_162]]);
    const [stok] = await selectRows<{ qty: number }>(
      await getDb(),
      sql`select sum(s.qty)::int as qty from warehouse_stock s join products p on p.id = s.product_id where p.kode = 'PRD-KOPI'`,
    );
    expect(kopi.stok).toBe(stok!.qty);
    expect(kopi.stok).toBeGreaterThan(0);

    const [audit] = await audits('produk:PRD-KOPI');
    expect(audit).toMatchObject({
      action: 'produk:harga',
      before: { berlaku_mulai: null, harga: 150_000, dpp: 135_135, persen_ppn: 12 },
      after: { berlaku_mulai: tomorrow, harga: 180_000, dpp: 162_162, persen_ppn: 12 },
    });

    // Withdrawn before its day, the old price stays for tomorrow too.
    await cancelScheduledPrice(admin, id, tomorrow);
    expect(await rupiahOf('repeat-order', 'Kopi Herbal Ginseng', jakartaMoment(tomorrow, '08:00'))).toBe(150_000);
    expect((await audits('produk:PRD-KOPI')).map((a) => a.action)).toEqual(['produk:harga', 'produk:harga-batal']);
  });

  it('orders copy the price into their lines: an order made before keeps it, one made on the day takes the new price', async () => {
    const admin = await operator('superadmin');
    const tomorrow = addDays(today(), 1);
    await setProductPrice(admin, await productId('PRD-MADU'), { harga: '222000', persen_ppn: '12', berlaku_mulai: tomorrow });

    const before = await orderOne('Madu Hutan Murni', 'produk-harga-1');
    expect(await lineHarga(before.public_id)).toEqual([200_000]);

    // Tomorrow, Jakarta time: only the clock moves.
    vi.useFakeTimers({ toFake: ['Date'], now: jakartaMoment(tomorrow, '09:00') });
    expect(await rupiahOf('repeat-order', 'Madu Hutan Murni')).toBe(222_000);
    const after = await orderOne('Madu Hutan Murni', 'produk-harga-2');
    expect(await lineHarga(after.public_id)).toEqual([222_000]);
    // The earlier order, as its member's order page shows it, still carries the price it was made with.
    const me = await sessionOf('demosilver');
    const detail = await getOrderDetail(me, before.public_id);
    expect(detail.order_details.map((d) => d.harga)).toEqual([200_000]);
    expect(detail.total_harga).toBe(200_000);
  });

  it('a price set from today is in effect at once; a second price for the same day replaces the first', async () => {
    const admin = await operator('superadmin');
    const id = await productId('PRD-TEH');
    await setProductPrice(admin, id, { harga: '130000', persen_ppn: '12', berlaku_mulai: today() });
    await setProductPrice(admin, id, { harga: '125000', persen_ppn: '12', berlaku_mulai: today() });
    expect(await versionsOf('PRD-TEH')).toEqual([{ berlaku_mulai: today(), harga: 125_000 }]);
    expect(await rupiahOf('repeat-order', 'Teh Hijau Kelor')).toBe(125_000);
    const view = await getProductAdmin(admin, id);
    expect(view.product.price).toEqual({ harga: 125_000, dpp: 112_613, persenPpn: 12 });
    expect(view.product.harga).toBe(120_000);
  });
});

describe('bad input and other roles change nothing', () => {
  it.each([
    [{ harga: '-5000', persen_ppn: '12' }, 'Harga tidak boleh negatif'],
    [{ harga: '100000', dpp: '120000', persen_ppn: '12' }, 'DPP tidak boleh lebih besar dari harga (PPN = harga − DPP)'],
    [
      { harga: '100000', dpp: '50000', persen_ppn: '12' },
      'DPP tidak sesuai harga dan PPN 12%: seharusnya Rp\u00a090.090 (kosongkan DPP agar dihitung otomatis)',
    ],
    [{ harga: 'seratus', persen_ppn: '12' }, 'Harga wajib diisi dengan angka'],
    [{ harga: '100000', persen_ppn: '150' }, 'Persen PPN terlalu besar'],
  ])('%o → "%s"', async (price, text) => {
    const admin = await operator('superadmin');
    await expect(
      setProductPrice(admin, await productId('PRD-SABUN'), { ...price, berlaku_mulai: addDays(today(), 2) }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: text });
    expect(await versionsOf('PRD-SABUN')).toEqual([]);
    expect(await audits('produk:PRD-SABUN')).toEqual([]);
  });

  it('a day before today is refused: what was in effect never changes', async () => {
    const admin = await operator('superadmin');
    await expect(
      setProductPrice(admin, await productId('PRD-SABUN'), { harga: '99900', persen_ppn: '12', berlaku_mulai: addDays(today(), -1) }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: PRICE_DAY_PAST });
    expect(await versionsOf('PRD-SABUN')).toEqual([]);
  });

  it('GUDANG opens the catalogue but every change is refused by the service with the stock message; CS and KONTEN cannot even read it', async () => {
    const gudang = await operator('gudang');
    const id = await productId('PRD-MINYAK');
    expect((await listCatalogue(gudang)).products.find((p) => p.kode === 'PRD-MINYAK')?.harga).toBe(110_000);
    const refusedGudang = { code: 'FORBIDDEN', message: GUDANG_STOCK_ONLY };
    await expect(setProductPrice(gudang, id, { harga: '1', persen_ppn: '0', berlaku_mulai: today() })).rejects.toMatchObject(refusedGudang);
    await expect(
      updateProduct(gudang, id, {
        kode: 'PRD-MINYAK',
        nama: 'Diubah gudang',
        kategori: 'PRODUK',
        value: '1',
        berat: '200',
        is_active: 'on',
      }),
    ).rejects.toMatchObject(refusedGudang);
    await expect(addProductImage(gudang, id, { bytes: PNG })).rejects.toMatchObject(refusedGudang);
    await expect(
      createProduct(gudang, { kode: 'PRD-X', nama: 'X', kategori: 'PRODUK', value: '1', berat: '1', harga: '1000', persen_ppn: '0' }),
    ).rejects.toMatchObject(refusedGudang);
    await expect(updateWarehouse(gudang, 1, { nama: 'Gudang X', lokasi: 'x', is_online: 'on' })).rejects.toMatchObject(refusedGudang);
    for (const role of ['CS', 'KONTEN', 'KEUANGAN'] as const) {
      const other: Actor = { id: 999_999, nama: `Uji ${role}`, role };
      await expect(listCatalogue(other)).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_REFUSED });
      await expect(setProductPrice(other, id, { harga: '1', persen_ppn: '0', berlaku_mulai: today() })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    expect(await versionsOf('PRD-MINYAK')).toEqual([]);
    expect(await audits('produk:PRD-MINYAK')).toEqual([]);
    const [row] = await selectRows<{ nama: string; gambars: unknown[] }>(
      await getDb(),
      sql`select nama, gambars from products where id = ${id}`,
    );
    expect(row).toEqual({ nama: 'Minyak Kayu Putih Premium', gambars: [{ lokasi: '/products/prd-minyak.svg' }] });
  });

  it('the console pages open for GUDANG and SUPERADMIN only', async () => {
    const visit = async (path: string, username: string) => {
      const { token } = await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `produk-${username}` });
      return visitConsole(path, token);
    };
    for (const path of ['/admin/produk', '/admin/produk/1']) {
      expect(await visit(path, 'gudang')).toEqual({ reached: true, status: 200 });
      expect(await visit(path, 'superadmin')).toEqual({ reached: true, status: 200 });
      for (const other of ['keuangan', 'konten', 'cs']) expect(await visit(path, other)).toEqual({ reached: false, status: 403 });
    }
  });
});

describe('product data, pictures and warehouses (SUPERADMIN)', () => {
  it('a new package with its first price; its data changes are audited field by field; inactive leaves the order screens', async () => {
    const admin = await operator('superadmin');
    const { id } = await createProduct(admin, {
      kode: 'pkt-8',
      nama: 'Paket Keluarga',
      deskripsi: 'Paket 8 BV.',
      kategori: 'PAKET',
      value: '8',
      berat: '6000',
      harga: '2775000',
      dpp: '',
      persen_ppn: '12',
      is_active: 'on',
    });
    expect(await rupiahOf('registrasi', 'Paket Keluarga')).toBe(2_775_000);
    await expect(
      createProduct(admin, { kode: 'PKT-8', nama: 'Lagi', kategori: 'PAKET', value: '1', berat: '1', harga: '1000', persen_ppn: '0' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Kode produk sudah dipakai produk lain' });

    await updateProduct(admin, id, {
      kode: 'PKT-8',
      nama: 'Paket Keluarga',
      deskripsi: 'Paket 8 BV.',
      kategori: 'PAKET',
      value: '8',
      berat: '6500',
    });
    expect(await rupiahOf('registrasi', 'Paket Keluarga')).toBeUndefined();
    expect(await audits('produk:PKT-8')).toEqual([
      { action: 'produk:create', before: null, after: expect.objectContaining({ kode: 'PKT-8', harga: 2_775_000, dpp: 2_500_000 }) },
      { action: 'produk:update', before: { berat: 6000, isActive: true }, after: { berat: 6500, isActive: false } },
    ]);
    await expect(updateProduct(admin, id, { kode: 'PKT-8', nama: '', kategori: 'PAKET', value: '-1', berat: '1' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Nama produk wajib diisi',
    });
    expect(await audits('produk:PKT-8')).toHaveLength(2);
  });

  it('an uploaded picture is added, served publicly like banners, and removed with its file', async () => {
    const admin = await operator('superadmin');
    const id = await productId('PKT-1');
    await addProductImage(admin, id, { bytes: PNG });
    const { product } = await getProductAdmin(admin, id);
    const uploaded = product.gambars.at(-1)!.lokasi;
    expect(product.gambars).toEqual([
      { lokasi: '/products/pkt-1.svg' },
      { lokasi: expect.stringMatching(/^\/products\/unggah\/[\w-]+\.png$/) },
    ]);
    const name = uploaded.split('/').pop()!;
    const served = await storedImageResponse(PRODUCT_IMAGE_AREA, name);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await listProducts('registrasi')).rows.find((p) => p.nama === 'Paket Starter')!.gambars).toContainEqual({ lokasi: uploaded });

    await expect(addProductImage(admin, id, { bytes: new TextEncoder().encode('bukan gambar') })).rejects.toMatchObject({
      message: 'Gambar produk harus JPG, PNG, WebP atau GIF',
    });
    await removeProductImage(admin, id, uploaded);
    expect((await storedImageResponse(PRODUCT_IMAGE_AREA, name)).status).toBe(404);
    expect((await getProductAdmin(admin, id)).product.gambars).toEqual([{ lokasi: '/products/pkt-1.svg' }]);
    expect((await audits('produk:PKT-1')).map((a) => a.action)).toEqual(['produk:gambar', 'produk:gambar']);
  });

  it('a warehouse stops serving pickup: audited, and pickup orders no longer find it', async () => {
    const admin = await operator('superadmin');
    const catalogue = await listCatalogue(admin);
    const medan = catalogue.warehouses.find((w) => w.nama === 'Gudang Medan')!;
    expect(catalogue.couriers.map((c) => c.kode)).toContain('jne');
    await updateWarehouse(admin, medan.id, { nama: 'Gudang Medan', lokasi: 'Jl. Gatot Subroto 14, Medan', is_online: 'on', is_pickup: '' });
    const kopi = (await listProducts('repeat-order')).rows.find((p) => p.nama === 'Kopi Herbal Ginseng')!;
    const pickup = await findWarehouses([{ id: kopi.public_id, qty: 1 }], { online: false, pickup: true });
    expect(pickup.map((w) => w.nama)).not.toContain('Gudang Medan');
    expect(await audits('gudang:Gudang Medan')).toEqual([
      {
        action: 'gudang:update',
        before: { nama: 'Gudang Medan', lokasi: 'Jl. Gatot Subroto 12, Medan', isOnline: true, isPickup: true },
        after: { nama: 'Gudang Medan', lokasi: 'Jl. Gatot Subroto 14, Medan', isOnline: true, isPickup: false },
      },
    ]);
    await expect(updateWarehouse(admin, medan.id, { nama: ' ', lokasi: 'x' })).rejects.toMatchObject({
      message: 'Nama gudang wajib diisi',
    });
  });
});

describe('couriers (Pengaturan → Kurir, listed on /admin/produk)', () => {
  it('a courier renamed with its insurance is listed so and audited; an empty name changes nothing', async () => {
    const { token } = await signInOperator({ username: 'superadmin', password: DEMO_OPERATOR_PASSWORD }, { address: 'produk-kurir' });
    const admin = (await resolveOperatorSession(token))!;
    const fields = (nama: string) => ({
      'couriers.0.nama': nama,
      'couriers.0.asuransi_fix': '5000',
      'couriers.0.asuransi_persen': '0,25',
      ...Object.fromEntries(
        [1, 2, 3, 4].flatMap((i) => [
          [`couriers.${i}.nama`, ['SiCepat', 'J&T Express', 'POS Indonesia', 'AnterAja'][i - 1]!],
          [`couriers.${i}.asuransi_fix`, ['0', '0', '0', '1000'][i - 1]!],
          [`couriers.${i}.asuransi_persen`, ['0.3', '0.2', '0', '0.2'][i - 1]!],
        ]),
      ),
      'couriers.2.wajib_asuransi': 'on',
    });
    await expect(updateSettingGroup(admin, 'kurir', fields(' '))).rejects.toMatchObject({ message: 'Nama kurir wajib diisi' });
    expect((await listCatalogue(admin)).couriers[0]).toMatchObject({ kode: 'jne', nama: 'JNE', asuransi_persen: 0.2 });

    expect((await updateSettingGroup(admin, 'kurir', fields('JNE Express'))).changed).toEqual(['couriers']);
    const couriers = (await listCatalogue(admin)).couriers;
    expect(couriers[0]).toEqual({ kode: 'jne', nama: 'JNE Express', asuransi_fix: 5000, asuransi_persen: 0.25, wajib_asuransi: false });
    expect(couriers.slice(1).map((c) => [c.nama, c.wajib_asuransi])).toEqual([
      ['SiCepat', false],
      ['J&T Express', true],
      ['POS Indonesia', false],
      ['AnterAja', false],
    ]);
    const [audit] = await audits('setting:couriers');
    expect((audit!.before as unknown as { nama: string }[])[0]!.nama).toBe('JNE');
    expect((audit!.after as unknown as { nama: string }[])[0]!.nama).toBe('JNE Express');
  });
});
