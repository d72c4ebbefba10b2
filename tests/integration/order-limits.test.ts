import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreateOrderInput } from '../../src/lib/schemas/order';
import { getDb, selectRows } from '../../src/server/db/client';
import { members } from '../../src/server/db/schema';
import { createOrder } from '../../src/server/services/order/create-order';
import { findWarehouses } from '../../src/server/services/order/find-warehouses';
import { issuePaymentToken } from '../../src/server/services/order/issue-payment-token';
import { listProducts } from '../../src/server/services/order/list-products';
import { simulatePayment } from '../../src/server/services/order/simulate-payment';
import { memberId, sessionOf } from './helpers';

/** Issue #13 "business logic": caps on orders, one unpaid upgrade, an upgrade never lowers a rank. */

type Jenis = 'upgrade' | 'repeat-order' | 'registrasi';

/** A pick-up order (no address or courier needed) of `qty` units of the first product with `value` BV. */
async function pickupOrder(jenis: Jenis, qty: number, value?: number): Promise<CreateOrderInput> {
  const products = (await listProducts(jenis)).rows;
  const product = products.find((p) => value === undefined || p.value === value)!;
  const details = [{ id: product.public_id, qty }];
  const [gudang] = await findWarehouses(details, { online: false, pickup: true });
  return {
    client_ref: randomUUID(),
    pickup_store: true,
    id_gudang: gudang!.public_id,
    id_kirim: null,
    biaya_kirim: 0,
    ekspedisi: null,
    subsidi_ongkir_id: null,
    is_asuransi: false,
    details,
    payment_method: 'bca_va',
    upgrade_member: jenis === 'upgrade',
    is_ro: jenis === 'repeat-order',
    join_member: jenis === 'registrasi',
    member: null,
  } as unknown as CreateOrderInput;
}

const rankOf = async (id: number) =>
  (await (await getDb()).select({ posisi: members.posisi }).from(members).where(eq(members.id, id)))[0]!.posisi;
const pendingOf = async (id: number) =>
  (
    await selectRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from orders where member_id = ${id} and status_order = 'PENDING'`,
    )
  )[0]!.n;

async function asBronze(n: number) {
  const me = await sessionOf(memberId(n));
  await (await getDb()).update(members).set({ posisi: 'BRONZE' }).where(eq(members.id, me.id));
  return { id: me.id, posisi: 'BRONZE' as const, idMember: me.idMember };
}

describe('upgrades', () => {
  it('at most one unpaid upgrade order per member', async () => {
    const me = await asBronze(291);
    await createOrder(me, await pickupOrder('upgrade', 1, 1));
    await expect(createOrder(me, await pickupOrder('upgrade', 1, 1))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Masih ada order upgrade yang belum dibayar. Selesaikan pembayarannya terlebih dahulu.',
    });
    expect(await pendingOf(me.id)).toBe(1);
  });

  it('paying an upgrade never lowers the rank (BRONZE → SILVER paid after the member became PLATINUM)', async () => {
    const me = await asBronze(292);
    const order = await createOrder(me, await pickupOrder('upgrade', 1, 1));
    await (await getDb()).update(members).set({ posisi: 'PLATINUM' }).where(eq(members.id, me.id));
    const token = await issuePaymentToken({ memberId: me.id, noOrder: order.no_order });
    expect((await simulatePayment(token.token, 'success')).outcome).toBe('PAID');
    expect(await rankOf(me.id)).toBe('PLATINUM');
  });
});

describe('order caps (settings)', () => {
  it('a line over 100 units is refused and reserves nothing', async () => {
    const me = await sessionOf(memberId(293));
    await expect(createOrder({ id: me.id, posisi: me.posisi }, await pickupOrder('repeat-order', 101))).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Jumlah per produk maksimal 100',
    });
    expect(await pendingOf(me.id)).toBe(0);
  });

  it('ten unpaid orders are the most a member can hold, even asked in parallel', async () => {
    const me = await sessionOf(memberId(294));
    const inputs = await Promise.all(Array.from({ length: 14 }, () => pickupOrder('repeat-order', 1)));
    const results = await Promise.allSettled(inputs.map((input) => createOrder({ id: me.id, posisi: me.posisi }, input)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/^Anda masih memiliki 10 order yang belum dibayar/);
    expect(await pendingOf(me.id)).toBe(10);
  });
});

/** A prospective SILVER member as the stepper's member step sends it. */
async function calon(username: string, email: string) {
  const [village] = await selectRows<{ code: string }>(
    await getDb(),
    sql`
    select v.code from villages v join districts d on d.code = v.district_code where d.regency_code = '35.78' order by v.code limit 1`,
  );
  const code = village!.code;
  return {
    nomor_identitas: '3578010101900001',
    nama: 'Calon Member Uji',
    email,
    phone: '62 813 1111 2222',
    username,
    posisi: 'SILVER',
    sisi: 'R',
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
    id_kecamatan: code.slice(0, 8),
    kelurahan_id: code,
    kode_pos: '60111',
  };
}

describe('registrations cannot share an e-mail or a username, even in parallel', () => {
  it('the same e-mail in other letter case: one order, the other gets the Indonesian message', async () => {
    const sponsor = await sessionOf(memberId(297));
    const base = await pickupOrder('registrasi', 1, 2);
    const results = await Promise.allSettled([
      createOrder({ id: sponsor.id, posisi: sponsor.posisi }, {
        ...base,
        client_ref: randomUUID(),
        member: await calon('kembarsatu', 'Kembar@Contoh.id'),
      } as CreateOrderInput),
      createOrder({ id: sponsor.id, posisi: sponsor.posisi }, {
        ...base,
        client_ref: randomUUID(),
        member: await calon('kembardua', 'kembar@contoh.ID'),
      } as CreateOrderInput),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok')).sort()).toEqual([
      'Email sudah terdaftar, gunakan email lain',
      'ok',
    ]);
    const existing = (
      await (
        await getDb()
      )
        .select({ email: members.email })
        .from(members)
        .where(eq(members.idMember, memberId(298)))
    )[0]!.email;
    await expect(
      createOrder({ id: sponsor.id, posisi: sponsor.posisi }, {
        ...base,
        client_ref: randomUUID(),
        member: await calon('kembartiga', existing.toUpperCase()),
      } as CreateOrderInput),
    ).rejects.toMatchObject({ message: 'Email sudah terdaftar, gunakan email lain' });
  });

  it('the same username in other letter case: one order', async () => {
    const sponsor = await sessionOf(memberId(299));
    const base = await pickupOrder('registrasi', 1, 2);
    const results = await Promise.allSettled(
      ['NamaSama', 'namasama', 'NAMASAMA'].map(async (username, i) =>
        createOrder({ id: sponsor.id, posisi: sponsor.posisi }, {
          ...base,
          client_ref: randomUUID(),
          member: await calon(username, `nama.sama${i}@contoh.id`),
        } as CreateOrderInput),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
