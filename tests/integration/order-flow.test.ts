import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insuranceCost, paymentFee } from '../../src/lib/order/fees';
import { shippingSubsidy, suggestService } from '../../src/lib/order/shipping';
import type { CreateOrderInput } from '../../src/lib/schemas/order';
import { getDb, selectRows } from '../../src/server/db/client';
import { notificationSignature } from '../../src/server/integrations/payment/signature';
import { simulatorGateway } from '../../src/server/integrations/payment/simulator';
import { saveAddress } from '../../src/server/services/address/save-address';
import { resetPassword } from '../../src/server/services/auth/reset-password';
import { signIn } from '../../src/server/services/auth/sign-in';
import { checkEmail } from '../../src/server/services/order/check-email';
import { checkUsername } from '../../src/server/services/order/check-username';
import { createOrder } from '../../src/server/services/order/create-order';
import { createReferralOrder } from '../../src/server/services/order/create-referral-order';
import { expireOrders } from '../../src/server/services/order/expire-orders';
import { findWarehouses } from '../../src/server/services/order/find-warehouses';
import { handlePaymentNotification } from '../../src/server/services/order/handle-payment-notification';
import { issuePaymentToken } from '../../src/server/services/order/issue-payment-token';
import { listProducts } from '../../src/server/services/order/list-products';
import { quoteShipping } from '../../src/server/services/order/quote-shipping';
import { simulatePayment } from '../../src/server/services/order/simulate-payment';
import { forgetSettingsCache, getSetting } from '../../src/server/services/settings';
import { sessionOf } from './helpers';

const SURABAYA_VILLAGE = async () =>
  (
    await selectRows<{ code: string }>(
      await getDb(),
      sql`
  select v.code from villages v join districts d on d.code = v.district_code where d.regency_code = '35.78' order by v.code limit 1 offset 3`,
    )
  )[0]!.code;

async function deliveryOrder(
  me: Awaited<ReturnType<typeof sessionOf>>,
  jenis: 'registrasi' | 'upgrade' | 'repeat-order',
  lines: { nama: string; qty: number }[],
  extra: Partial<CreateOrderInput> = {},
) {
  const products = (await listProducts(jenis)).rows;
  const details = lines.map((l) => ({ id: products.find((p) => p.nama === l.nama)!.public_id, qty: l.qty }));
  const [gudang] = await findWarehouses(details, { online: true, pickup: false });
  const kelurahan = await SURABAYA_VILLAGE();
  const address = await saveAddress(me, undefined, {
    label: 'Rumah',
    nama: me.nama,
    phone: '6281234567890',
    alamat: 'Jl. Uji 1',
    kelurahan_id: kelurahan,
    is_default: false,
  });
  const weight = details.reduce((s, d) => s + products.find((p) => p.public_id === d.id)!.berat * d.qty, 0);
  const quote = await quoteShipping({ gudangPublicId: gudang!.public_id, kelurahanId: kelurahan, weight });
  const service = suggestService(quote.couriers)!;
  const input: CreateOrderInput = {
    client_ref: randomUUID(),
    pickup_store: false,
    id_gudang: gudang!.public_id,
    id_kirim: address.public_id,
    biaya_kirim: service.cost,
    ekspedisi: `${service.code}|${service.service}`,
    subsidi_ongkir_id: quote.subsidi?.id ?? null,
    is_asuransi: true,
    details,
    payment_method: 'bca_va',
    join_member: jenis === 'registrasi',
    upgrade_member: jenis === 'upgrade',
    is_ro: jenis === 'repeat-order',
    member: null,
    ...extra,
  };
  return { input, products, gudang: gudang!, quote, service, details };
}

/** A prospective member as the stepper's member step sends it (a Surabaya village as the home address). */
const calon = (username: string, sisi: 'L' | 'R' = 'R', posisi = 'SILVER') => ({
  nomor_identitas: '3578010101900001',
  nama: 'Calon Member Uji',
  email: `${username}@contoh.id`,
  phone: '62 813 1111 2222',
  username,
  posisi,
  sisi,
  id_propinsi_domisili: '35',
  id_kota_domisili: '35.78',
  alamat: 'Jl. Calon 2',
  jenis_kelamin: 'PEREMPUAN',
  tgl_lahir: '1990-01-01',
  negara: 'Indonesia',
  status_kawin: 'KAWIN',
  agama: 'ISLAM',
  id_propinsi: '35',
  id_kota: '35.78',
  id_kecamatan: surabaya.slice(0, 8),
  kelurahan_id: surabaya,
  kode_pos: '60111',
});
let surabaya = '';

const orderRow = async (publicId: string) =>
  (
    await selectRows<Record<string, unknown>>(
      await getDb(),
      sql`
  select status_order, no_invoice, total_bayar::int as total_bayar, total_harga::int as total_harga, biaya_kirim::int as biaya_kirim,
    diskon_biaya_kirim::int as diskon, asuransi_kirim::int as asuransi, biaya_pembayaran::int as fee, new_member_id::int as new_member_id,
    no_order, gudang_id::int as gudang_id, id::int as id
  from orders where public_id = ${publicId}::uuid`,
    )
  )[0]!;

const stockOf = async (gudangId: number, nama: string) =>
  (
    await selectRows<{ qty: number }>(
      await getDb(),
      sql`
  select s.qty from warehouse_stock s join products p on p.id = s.product_id where s.warehouse_id = ${gudangId} and p.nama = ${nama}`,
    )
  )[0]!.qty;

function signed(noOrder: string, statusCode: string, gross: string, key: string, status: string) {
  return {
    order_id: noOrder,
    status_code: statusCode,
    gross_amount: gross,
    transaction_status: status,
    fraud_status: 'accept',
    payment_type: 'bank_transfer',
    transaction_id: randomUUID(),
    transaction_time: '2026-11-22 10:00:00',
    settlement_time: '2026-11-22 10:01:00',
    signature_key: notificationSignature(noOrder, statusCode, gross, key),
  };
}

beforeAll(async () => {
  surabaya = await SURABAYA_VILLAGE();
});

describe('orders: registration through the simulator to a new member', () => {
  it('prices on the server, reserves stock, pays through the signed notification and creates the member on the chosen side', async () => {
    const me = await sessionOf('demosilver');
    const { input, gudang, quote, service } = await deliveryOrder(me, 'registrasi', [{ nama: 'Paket Duo', qty: 1 }], {
      member: calon('calonuji1', 'R'),
    });
    const created = await createOrder(me, input);
    expect(created.no_order).toMatch(/^ORD-\d{8}-\d{7}$/);
    const order = await orderRow(created.public_id);
    const subsidy = shippingSubsidy(quote.subsidi, { bv: 2, dpp: Math.round(700_000 / 1.11), cost: service.cost });
    const courier = quote.ekspedisi.find((c) => c.kode === service.code)!;
    const insurance = courier.asuransi_fix || courier.asuransi_persen ? insuranceCost(700_000, courier) : 0;
    const method = (await getSetting('payment_methods')).find((m) => m.name === 'bca_va')!;
    const base = 700_000 + service.cost + insurance - subsidy;
    expect(order).toMatchObject({
      status_order: 'PENDING',
      total_harga: 700_000,
      biaya_kirim: service.cost,
      diskon: subsidy,
      asuransi: insurance,
      fee: paymentFee(method, base),
    });
    expect(order.total_bayar).toBe(base + paymentFee(method, base));
    const gudangId = order.gudang_id as number;
    const [{ id: whId }] = (await selectRows<{ id: number }>(
      await getDb(),
      sql`select id::int as id from warehouses where public_id = ${gudang.public_id}::uuid`,
    )) as [{ id: number }];
    expect(gudangId).toBe(whId);
    const stockAfterOrder = await stockOf(gudangId, 'Paket Duo');

    const token = await issuePaymentToken({ memberId: me.id, noOrder: created.no_order });
    expect(token.snap_js).toBe('/pembayaran/snap.js');
    expect(await issuePaymentToken({ memberId: me.id, noOrder: created.no_order })).toEqual(token);
    const sponsorBefore = (
      await selectRows<{ path: string; kanan: number }>(
        await getDb(),
        sql`select path, jumlah_child_kanan as kanan from members where id = ${me.id}`,
      )
    )[0]!;

    expect(await simulatePayment(token.token, 'pending')).toMatchObject({ outcome: 'PENDING' });
    expect((await orderRow(created.public_id)).status_order).toBe('PENDING');
    expect(await simulatePayment(token.token, 'success')).toMatchObject({ outcome: 'PAID' });
    const paid = await orderRow(created.public_id);
    expect(paid.status_order).toBe('PAID');
    expect(paid.no_invoice).toMatch(/^INV-\d{8}-\d{7}$/);
    expect(await stockOf(gudangId, 'Paket Duo')).toBe(stockAfterOrder);

    const [member] = await selectRows<{
      username: string;
      posisi: string;
      sponsor_id: number;
      path: string;
      status_kodeetik: boolean;
      kota_domisili: string;
    }>(
      await getDb(),
      sql`
      select username, posisi, sponsor_id::int as sponsor_id, path, status_kodeetik, kota_domisili from members where id = ${paid.new_member_id as number}`,
    );
    expect(member).toMatchObject({
      username: 'calonuji1',
      posisi: 'SILVER',
      sponsor_id: me.id,
      status_kodeetik: true,
      kota_domisili: '35.78',
    });
    // Outer edge of the right leg: the sponsor's path followed only by right steps.
    expect(member!.path).toMatch(new RegExp(`^${sponsorBefore.path}1+$`));
    const [sponsorAfter] = await selectRows<{ kanan: number }>(
      await getDb(),
      sql`select jumlah_child_kanan as kanan from members where id = ${me.id}`,
    );
    expect(sponsorAfter!.kanan).toBe(sponsorBefore.kanan + 1);

    const [mail] = await selectRows<{ to: string; meta: { link: string } }>(
      await getDb(),
      sql`
      select "to", meta from mail_outbox where meta->>'purpose' = 'set-password' and meta->>'username' = 'calonuji1'`,
    );
    expect(mail!.to).toBe('calonuji1@contoh.id');
    await resetPassword(new URL(mail!.meta.link).searchParams.get('token')!, 'PasswordBaru123');
    await expect(
      signIn({ username: 'calonuji1', password: 'PasswordBaru123', remember: false }, { address: 'test-calon' }),
    ).resolves.toHaveProperty('token');
  });

  it('a double-clicked BAYAR (ten requests with one client_ref) makes one order', async () => {
    const me = await sessionOf('demoplatinum');
    const { input } = await deliveryOrder(me, 'repeat-order', [{ nama: 'Madu Hutan Murni', qty: 2 }]);
    const results = await Promise.all(Array.from({ length: 10 }, () => createOrder(me, input)));
    expect(new Set(results.map((r) => r.public_id)).size).toBe(1);
    const [count] = await selectRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from orders where client_ref = ${input.client_ref}`,
    );
    expect(count!.n).toBe(1);
  });

  it('an upgrade raises the rank and moves the member in the ancestors’ rank counters', async () => {
    const me = await sessionOf('demobronze');
    const { input } = await deliveryOrder(me, 'upgrade', [{ nama: 'Paket Starter', qty: 1 }]);
    const created = await createOrder(me, input);
    const [root] = await selectRows<{ silver: number; bronze: number }>(
      await getDb(),
      sql`
      select jumlah_silver_kiri + jumlah_silver_kanan as silver, jumlah_bronze_kiri + jumlah_bronze_kanan as bronze from members where id_member = '1000000001'`,
    );
    const token = await issuePaymentToken({ memberId: me.id, noOrder: created.no_order });
    await simulatePayment(token.token, 'success');
    const [after] = await selectRows<{ posisi: string }>(await getDb(), sql`select posisi from members where id = ${me.id}`);
    expect(after!.posisi).toBe('SILVER');
    const [rootAfter] = await selectRows<{ silver: number; bronze: number }>(
      await getDb(),
      sql`
      select jumlah_silver_kiri + jumlah_silver_kanan as silver, jumlah_bronze_kiri + jumlah_bronze_kanan as bronze from members where id_member = '1000000001'`,
    );
    expect(rootAfter).toEqual({ silver: root!.silver + 1, bronze: root!.bronze - 1 });
  });

  it('refuses what the rules refuse, with the Indonesian message, and writes nothing', async () => {
    const platinum = await sessionOf('demoplatinum');
    const bronze = await sessionOf('demobronze');
    const count = async () => (await selectRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from orders`))[0]!.n;
    const before = await count();
    const up = await deliveryOrder(platinum, 'upgrade', [{ nama: 'Paket Starter', qty: 1 }]);
    await expect(createOrder(platinum, up.input)).rejects.toThrow('Member PLATINUM tidak dapat melakukan upgrade');
    const reg = await deliveryOrder(bronze, 'registrasi', [{ nama: 'Paket Duo', qty: 1 }], { member: calon('calonuji2', 'L', 'BRONZE') });
    await expect(createOrder(bronze, reg.input)).rejects.toThrow('Total BV tidak boleh melebihi 1 BV');
    await expect(
      createOrder(bronze, { ...reg.input, member: calon('calonuji2', 'L', 'SILVER'), payment_method: 'bitcoin' }),
    ).rejects.toThrow('Pilih pembayaran!');
    await expect(createOrder(bronze, { ...reg.input, member: calon('calonuji2', 'L', 'SILVER'), biaya_kirim: 1 })).rejects.toThrow(
      'Ongkos kirim telah berubah',
    );
    await expect(
      createOrder(bronze, { ...reg.input, member: { ...calon('calonuji2', 'L', 'SILVER'), nomor_identitas: '123' } }),
    ).rejects.toThrow('Nomor harus diisi 16 digit');
    await expect(createOrder(bronze, { ...reg.input, member: calon('demosilver', 'L', 'SILVER') })).rejects.toThrow(
      'Username sudah digunakan',
    );
    const ro = await deliveryOrder(bronze, 'repeat-order', [{ nama: 'Teh Hijau Kelor', qty: 1 }]);
    await expect(createOrder(bronze, { ...ro.input, id_kirim: up.input.id_kirim })).rejects.toThrow('Belum ada alamat pengiriman dipilih');
    expect(await count()).toBe(before);
  });

  it('the spec’s other methods (cash, danamon_online, cimb_clicks, akulaku, bca_klikpay) can be offered from settings', async () => {
    const db = await getDb();
    const extra = ['cash', 'danamon_online', 'cimb_clicks', 'akulaku', 'bca_klikpay'].map((name) => ({
      name,
      label: name,
      icon: '/payments/card.svg',
      fix_charge: name === 'cash' ? 0 : 2500,
      float_charge: name === 'akulaku' ? 1.5 : 0,
      ppn: 11,
    }));
    const methods = [...(await getSetting('payment_methods')), ...extra];
    await db.execute(sql`insert into settings (key, value) values ('payment_methods', ${JSON.stringify(methods)}::jsonb)
      on conflict (key) do update set value = excluded.value`);
    forgetSettingsCache();
    try {
      const me = await sessionOf('demobronze');
      for (const name of ['akulaku', 'cimb_clicks', 'bca_klikpay', 'danamon_online']) {
        const { input } = await deliveryOrder(me, 'repeat-order', [{ nama: 'Kopi Herbal Ginseng', qty: 1 }], { payment_method: name });
        const order = await createOrder(me, input);
        const row = await orderRow(order.public_id);
        const method = extra.find((m) => m.name === name)!;
        expect(row.fee, name).toBe(paymentFee(method, Number(row.total_bayar) - Number(row.fee)));
        const token = await issuePaymentToken({ memberId: me.id, noOrder: order.no_order });
        expect(token.token, name).toBeTruthy();
      }
      // Cash is paid at the warehouse: an order, but no pop-up token.
      const { input } = await deliveryOrder(me, 'repeat-order', [{ nama: 'Kopi Herbal Ginseng', qty: 1 }], { payment_method: 'cash' });
      const cash = await createOrder(me, input);
      expect((await orderRow(cash.public_id)).status_order).toBe('PENDING');
      await expect(issuePaymentToken({ memberId: me.id, noOrder: cash.no_order })).rejects.toMatchObject({ code: 'CONFLICT' });
    } finally {
      await db.execute(sql`delete from settings where key = 'payment_methods'`);
      forgetSettingsCache();
    }
  });

  it('member A can neither pay nor see the token of member B’s order', async () => {
    const a = await sessionOf('demobronze');
    const b = await sessionOf('demosilver');
    const { input } = await deliveryOrder(b, 'repeat-order', [{ nama: 'Kopi Herbal Ginseng', qty: 1 }]);
    const order = await createOrder(b, input);
    await expect(issuePaymentToken({ memberId: a.id, noOrder: order.no_order })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await orderRow(order.public_id)).status_order).toBe('PENDING');
  });
});

describe('the payment webhook', () => {
  it('refuses a bad signature and a wrong amount, ignores a replay, and changes nothing on those', async () => {
    const me = await sessionOf('demoplatinum');
    const { input } = await deliveryOrder(me, 'repeat-order', [{ nama: 'Kopi Herbal Ginseng', qty: 3 }]);
    const order = await createOrder(me, input);
    const row = await orderRow(order.public_id);
    const key = await simulatorGateway.serverKey();
    const gross = `${row.total_bayar as number}.00`;

    const forged = { ...signed(order.no_order, '200', gross, 'not-the-key', 'settlement') };
    await expect(handlePaymentNotification(forged)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const cheap = signed(order.no_order, '200', '1000.00', key, 'settlement');
    await expect(handlePaymentNotification(cheap)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Jumlah pembayaran tidak sesuai dengan order',
    });
    expect((await orderRow(order.public_id)).status_order).toBe('PENDING');

    const settlement = signed(order.no_order, '200', gross, key, 'settlement');
    expect(await handlePaymentNotification(settlement)).toEqual({ outcome: 'PAID' });
    const snapshot = async () =>
      selectRows(
        await getDb(),
        sql`
      select o.status_order, o.no_invoice, o.paid_at::text, (select count(*)::int from order_histories h where h.order_id = o.id) as histories
      from orders o where o.public_id = ${order.public_id}::uuid`,
      );
    const once = await snapshot();
    expect(await handlePaymentNotification(settlement)).toEqual({ outcome: 'IGNORED' });
    expect(await handlePaymentNotification(signed(order.no_order, '407', gross, key, 'expire'))).toEqual({ outcome: 'IGNORED' });
    expect(await snapshot()).toEqual(once);
    const outcomes = await selectRows<{ outcome: string }>(
      await getDb(),
      sql`select outcome from payment_notifications where no_order = ${order.no_order} order by id`,
    );
    expect(outcomes.map((o) => o.outcome.split(':')[0])).toEqual(['DITOLAK', 'DITOLAK', 'PAID', 'DIABAIKAN', 'DIABAIKAN']);
  });

  it('an unpaid order expires after its time and gives the stock back', async () => {
    const me = await sessionOf('demosilver');
    const { input } = await deliveryOrder(me, 'repeat-order', [{ nama: 'Minyak Kayu Putih Premium', qty: 4 }]);
    const order = await createOrder(me, input);
    const row = await orderRow(order.public_id);
    const reserved = await stockOf(row.gudang_id as number, 'Minyak Kayu Putih Premium');
    await (await getDb()).execute(sql`update orders set expires_at = now() - interval '1 minute' where id = ${row.id as number}`);
    expect(await expireOrders()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.public_id)).status_order).toBe('EXPIRED');
    expect(await stockOf(row.gudang_id as number, 'Minyak Kayu Putih Premium')).toBe(reserved + 4);
    const [history] = await selectRows<{ status: string; id_admin: number | null }>(
      await getDb(),
      sql`
      select status, id_admin from order_histories where order_id = ${row.id as number} order by id desc limit 1`,
    );
    expect(history).toEqual({ status: 'EXPIRED', id_admin: null });
  });
});

describe('the referral page and the member-step checks', () => {
  it('registers a prospective member under the link’s sponsor with a typed address; pickup is refused', async () => {
    const sponsor = await sessionOf('demosilver');
    const { input } = await deliveryOrder(sponsor, 'registrasi', [{ nama: 'Paket Starter', qty: 1 }], {
      member: calon('calonref1', 'L', 'BRONZE'),
    });
    const kirim = { nama: 'Calon Ref', phone: '6281300000001', alamat: 'Jl. Referal 3', kelurahan_id: await SURABAYA_VILLAGE() };
    await expect(createReferralOrder({ ...input, joinme: 'TIDAKADA', kirim }, 'test-ref')).rejects.toThrow('Link referal tidak valid');
    await expect(createReferralOrder({ ...input, pickup_store: true, joinme: 'DEMOSILVER', kirim }, 'test-ref')).rejects.toThrow(
      'pengiriman online',
    );
    const order = await createReferralOrder({ ...input, id_kirim: null, joinme: 'demosilver', kirim }, 'test-ref');
    const [row] = await selectRows<{ member_id: number; via_referral: boolean; nama_kirim: string }>(
      await getDb(),
      sql`
      select member_id::int as member_id, via_referral, nama_kirim from orders where public_id = ${order.public_id}::uuid`,
    );
    expect(row).toEqual({ member_id: sponsor.id, via_referral: true, nama_kirim: 'Calon Ref' });
    const token = await issuePaymentToken({ publicId: order.public_id, viaReferral: true });
    await simulatePayment(token.token, 'success');
    const [created] = await selectRows<{ sponsor_id: number }>(
      await getDb(),
      sql`select sponsor_id::int as sponsor_id from members where username = 'calonref1'`,
    );
    expect(created!.sponsor_id).toBe(sponsor.id);
  });

  it('an address that placed its allowance of referral orders is refused the next one, and nothing is stored', async () => {
    const db = await getDb();
    await db.execute(sql`insert into settings (key, value) values ('referral_orders_per_address', '1'::jsonb)
      on conflict (key) do update set value = excluded.value`);
    forgetSettingsCache();
    const sponsor = await sessionOf('demosilver');
    const { input } = await deliveryOrder(sponsor, 'registrasi', [{ nama: 'Paket Starter', qty: 1 }], {
      member: calon('calonlimit1', 'L', 'BRONZE'),
    });
    const kirim = { nama: 'Calon Batas', phone: '6281300000002', alamat: 'Jl. Referal 4', kelurahan_id: await SURABAYA_VILLAGE() };
    await createReferralOrder({ ...input, id_kirim: null, joinme: 'demosilver', kirim }, 'test-ref-limit');
    const count = async () =>
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from orders where member_id = ${sponsor.id}`))[0]!.n;
    const before = await count();
    const again = {
      ...input,
      client_ref: randomUUID(),
      id_kirim: null,
      joinme: 'demosilver',
      kirim,
      member: calon('calonlimit2', 'L', 'BRONZE'),
    };
    await expect(createReferralOrder(again, 'test-ref-limit')).rejects.toThrow(
      /^Terlalu banyak pendaftaran dari alamat ini\. Coba lagi dalam \d+ menit\.$/,
    );
    expect(await count()).toBe(before);
    // Another address is not affected.
    await expect(createReferralOrder(again, 'test-ref-other')).resolves.toMatchObject({ created: true });
  });

  it('suggests free usernames and refuses used or malformed e-mail', async () => {
    expect(await checkUsername('calonbaru77', 'Calon Baru')).toEqual({ available: true, sugestion: [], errorMessage: '' });
    const taken = await checkUsername('demosilver', 'Demo Silver');
    expect(taken.available).toBe(false);
    expect(taken.errorMessage).toBe('Username sudah digunakan, pilih username lain');
    expect(taken.sugestion.length).toBeGreaterThan(0);
    for (const s of taken.sugestion) expect((await checkUsername(s, '')).available).toBe(true);
    await expect(checkEmail('demosilver@contoh.id')).rejects.toThrow('Email tidak valid');
    await expect(checkEmail('bukan-email')).rejects.toThrow('Email tidak valid');
    await expect(checkEmail('orang.baru@contoh.id')).resolves.toEqual({ email: 'orang.baru@contoh.id' });
  });
});
