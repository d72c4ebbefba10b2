// @template year — the demo year's paid orders and their bonuses
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import RefundPage from '../../src/pages/admin/keuangan/refund.astro';
import { getDb, selectRows } from '../../src/server/db/client';
import { PAYOUT_MESSAGES } from '../../src/server/domain/bonus/payout';
import { defaultPlan } from '../../src/server/domain/bonus/plan';
import { notificationSignature } from '../../src/server/integrations/payment/signature';
import { simulatorGateway } from '../../src/server/integrations/payment/simulator';
import type { SessionMember } from '../../src/server/services/auth/session-member';
import { closeDay } from '../../src/server/services/bonus/close-day';
import { requestPayout } from '../../src/server/services/bonus/payouts';
import { reconcileDays } from '../../src/server/services/bonus/reconcile-days';
import { assignRefund } from '../../src/server/services/order/assign-refund';
import { handlePaymentNotification } from '../../src/server/services/order/handle-payment-notification';
import { listPendingRefunds } from '../../src/server/services/order/list-pending-refunds';
import { REFUND_MESSAGES, refundOrder } from '../../src/server/services/order/refund-order';
import { createContainer } from './container';
import { payThroughBatch } from './helpers';
import { at, jakartaDay, memberIdOf, payAt, pendingOrder, registerPaid } from './ledger-helpers';

const KARTIKA = { id: null, nama: 'Kartika Uji' } as const;

const dayAfter = (d: string, n = 1) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const rowsOf = async (memberId: number) =>
  selectRows<{
    id: number;
    public_id: string;
    tanggal: string;
    jenis_bonus: string;
    bonus_bruto: number;
    pot_pph: number;
    bonus_dibayar: number;
    reverses_id: number | null;
    payout_id: number | null;
  }>(
    await getDb(),
    sql`
  select id::int as id, public_id::text as public_id, tanggal::text as tanggal, jenis_bonus, bonus_bruto::int as bonus_bruto, pot_pph::int as pot_pph,
    bonus_dibayar::int as bonus_dibayar, reverses_id::int as reverses_id, payout_id::int as payout_id
  from bonuses where member_id = ${memberId} order by id`,
  );
const pairingOf = async (memberId: number) =>
  (
    await selectRows<{ sisa_kiri: number; sisa_kanan: number; hutang_kiri: number; hutang_kanan: number }>(
      await getDb(),
      sql`
  select sisa_bv_kiri as sisa_kiri, sisa_bv_kanan as sisa_kanan, hutang_bv_kiri as hutang_kiri, hutang_bv_kanan as hutang_kanan from member_pairing where member_id = ${memberId}`,
    )
  )[0];
const regOrderOf = async (memberId: number) =>
  (
    await selectRows<{ no_order: string; total_bayar: number }>(
      await getDb(),
      sql`
  select no_order, total_bayar::int as total_bayar from orders where new_member_id = ${memberId}`,
    )
  )[0]!;

const refundsOf = async (orderId: number) =>
  selectRows<{ jenis: string; jumlah: number; bv: number; menunggu: boolean }>(
    await getDb(),
    sql`
  select jenis, jumlah::int as jumlah, bv, ditetapkan_at is null as menunggu from order_refunds where order_id = ${orderId} order by id`,
  );
const reversalsOf = async (memberId: number, tanggal: string) =>
  (await rowsOf(memberId)).filter((b) => b.reverses_id !== null && b.tanggal === tanggal).map((b) => [b.jenis_bonus, b.bonus_bruto]);

/** A PAID repeat order of `memberId` with real lines (products with BV), as checkout and payment leave it. */
async function paidRepeatOrder(memberId: number, qtys: number[], paidAt: Date) {
  const db = await getDb();
  const products = await selectRows<{ id: number; harga: number; value: number }>(
    db,
    sql`
    select id::int as id, harga::float8 as harga, value from products where kategori = 'PRODUK' and value > 0 and harga > 0 order by id limit ${qtys.length}`,
  );
  const lines = products.map((p, i) => ({ ...p, qty: qtys[i]! }));
  const totalHarga = lines.reduce((s, l) => s + l.harga * l.qty, 0);
  const totalBv = lines.reduce((s, l) => s + l.value * l.qty, 0);
  const [order] = await selectRows<{ id: number; no_order: string }>(
    db,
    sql`
    insert into orders (no_order, member_id, jenis_order, status_order, total_bv, total_harga, biaya_kirim, total_bayar)
    values (${`ORD-LEDGER-ROL-${memberId}-${Date.now() % 100000}`}, ${memberId}, 'ro', 'PENDING', ${totalBv}, ${totalHarga}, 20000, ${totalHarga + 20_000})
    returning id::int as id, no_order`,
  );
  const details = [];
  for (const l of lines) {
    const [d] = await selectRows<{ public_id: string }>(
      db,
      sql`
      insert into order_details (order_id, product_id, harga, qty, value, berat, dpp) values (${order!.id}, ${l.id}, ${l.harga}, ${l.qty}, ${l.value}, 100, ${l.harga})
      returning public_id::text as public_id`,
    );
    details.push({ ...l, public_id: d!.public_id });
  }
  await payAt(order!.id, paidAt);
  return { ...order!, total_bayar: totalHarga + 20_000, total_bv: totalBv, lines: details };
}

async function notify(noOrder: string, totalBayar: number, status: string, extra: Record<string, unknown> = {}) {
  const gross = `${totalBayar}.00`;
  return handlePaymentNotification({
    order_id: noOrder,
    status_code: status === 'chargeback' ? '202' : '200',
    gross_amount: gross,
    transaction_status: status,
    fraud_status: 'accept',
    payment_type: 'credit_card',
    transaction_id: randomUUID(),
    transaction_time: '2026-11-22 10:00:00',
    settlement_time: '2026-11-22 10:01:00',
    signature_key: notificationSignature(noOrder, status === 'chargeback' ? '202' : '200', gross, await simulatorGateway.serverKey()),
    ...extra,
  });
}

describe('refunds and chargebacks reverse what the order caused', () => {
  it('a Midtrans refund of a registration: negative rows of the same type point at the bonuses, the BV leaves the uplines, a replay changes nothing', async () => {
    const day = jakartaDay(15);
    const stokis = await memberIdOf('demostokis');
    const sponsor = await registerPaid(stokis, 'R', 'SILVER', at(dayAfter(day, -1), '09:00'));
    await closeDay(dayAfter(day, -1));
    const recruit = await registerPaid(sponsor.id, 'L', 'PLATINUM', at(day, '10:00'));
    await closeDay(day);
    const [sponsorRow] = (await rowsOf(sponsor.id)).filter((b) => b.jenis_bonus === 'SPONSOR');
    expect(sponsorRow).toMatchObject({ bonus_bruto: 4 * defaultPlan.sponsorPerBv, pot_pph: 12_000 });
    expect(await pairingOf(sponsor.id)).toMatchObject({ sisa_kiri: 4, hutang_kiri: 0 });
    const passupBefore = (await rowsOf(stokis)).filter((b) => b.jenis_bonus === 'PASSUP' && b.tanggal === day);

    const order = await regOrderOf(recruit.id);
    expect(await notify(order.no_order, order.total_bayar, 'refund', { refund_amount: `${order.total_bayar}.00` })).toEqual({
      outcome: 'REFUND',
    });
    expect(await notify(order.no_order, order.total_bayar, 'refund', { refund_amount: `${order.total_bayar}.00` })).toEqual({
      outcome: 'IGNORED',
    });
    await closeDay(dayAfter(day));

    const reversal = (await rowsOf(sponsor.id)).filter((b) => b.reverses_id !== null);
    expect(reversal).toEqual([
      expect.objectContaining({
        tanggal: dayAfter(day),
        jenis_bonus: 'SPONSOR',
        reverses_id: sponsorRow!.id,
        bonus_bruto: -400_000,
        pot_pph: -12_000,
        bonus_dibayar: -388_000,
      }),
    ]);
    const passupReversal = (await rowsOf(stokis)).filter((b) => b.reverses_id !== null);
    expect(passupReversal).toEqual([
      expect.objectContaining({ jenis_bonus: 'PASSUP', reverses_id: passupBefore[0]!.id, bonus_bruto: -4 * defaultPlan.passupPerBv }),
    ]);
    expect(await pairingOf(sponsor.id)).toMatchObject({ sisa_kiri: 0, hutang_kiri: 0 });
    const [reconciled] = await reconcileDays(dayAfter(day), dayAfter(day));
    expect(reconciled).toMatchObject({ bv_dibalik: 4, selisih: 0 });
    // No rupiah appears or vanishes: the order's sponsor bonus and its reversal sum to zero.
    expect((await rowsOf(sponsor.id)).filter((b) => b.jenis_bonus === 'SPONSOR').reduce((s, b) => s + b.bonus_bruto, 0)).toBe(0);

    const count = async () =>
      (await selectRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from bonuses where reverses_id is not null`))[0]!.n;
    const before = await count();
    await closeDay(dayAfter(day, 2));
    expect(await count()).toBe(before);
  });

  it('an operator refund of paired volume is owed back by the next volume on that side, and the reversal nets in the next payout', async () => {
    const day = jakartaDay(40);
    const upline = await registerPaid(await memberIdOf('demobronze'), 'L', 'BRONZE', at(dayAfter(day, -1), '09:00'));
    await closeDay(dayAfter(day, -1));
    const left = await registerPaid(upline.id, 'L', 'PLATINUM', at(day, '10:00'));
    await registerPaid(upline.id, 'R', 'PLATINUM', at(day, '11:00'));
    await closeDay(day);
    const earned = (await rowsOf(upline.id)).filter((b) => b.tanggal === day);
    expect(earned.map((b) => [b.jenis_bonus, b.bonus_bruto])).toEqual([
      ['SPONSOR', 800_000],
      ['PAIR', 4 * defaultPlan.pairPerBv],
    ]);

    await expect(refundOrder((await regOrderOf(left.id)).no_order, { alasan: '', admin: 'Rina' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
    expect(
      await refundOrder((await regOrderOf(left.id)).no_order, { alasan: 'Paket rusak, uang kembali', admin: 'Rina (Admin)' }),
    ).toMatchObject({ outcome: 'RECORDED', bv: 4 });
    await expect(refundOrder((await regOrderOf(left.id)).no_order, { alasan: 'lagi', admin: 'Rina' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await closeDay(dayAfter(day));
    // The pairs were already paid: the left side owes 4 BV; the PAIR bonus itself stands.
    expect(await pairingOf(upline.id)).toMatchObject({ sisa_kiri: 0, sisa_kanan: 0, hutang_kiri: 4 });
    const reversal = (await rowsOf(upline.id)).filter((b) => b.reverses_id !== null);
    expect(reversal.map((b) => [b.jenis_bonus, b.bonus_bruto, b.reverses_id])).toEqual([['SPONSOR', -400_000, earned[0]!.id]]);

    await registerPaid(upline.id, 'L', 'PLATINUM', at(dayAfter(day, 2), '10:00'));
    await registerPaid(upline.id, 'R', 'BRONZE', at(dayAfter(day, 2), '11:00'));
    await closeDay(dayAfter(day, 2));
    expect((await rowsOf(upline.id)).filter((b) => b.tanggal === dayAfter(day, 2) && b.jenis_bonus === 'PAIR')).toEqual([]);
    expect(await pairingOf(upline.id)).toMatchObject({ sisa_kiri: 0, sisa_kanan: 1, hutang_kiri: 0 });

    await (await getDb()).execute(
      sql`update members set status_rekening = 'VERIFIED', kode_bank = '014', no_rekening = '1234567890', nama_rekening = 'Uji' where id = ${upline.id}`,
    );
    const me = { id: upline.id } as SessionMember;
    await requestPayout(
      me,
      earned.map((b) => b.public_id),
    );
    const [payout] = await selectRows<{ total_bonus: number }>(
      await getDb(),
      sql`select total_bonus::int as total_bonus from payouts where member_id = ${upline.id}`,
    );
    expect(payout!.total_bonus).toBe(earned[0]!.bonus_dibayar + earned[1]!.bonus_dibayar + reversal[0]!.bonus_dibayar);
    expect((await rowsOf(upline.id)).find((b) => b.reverses_id !== null)!.payout_id).not.toBeNull();
  });

  it('a chargeback after the payout: the member’s balance never pays out below zero', async () => {
    const day = jakartaDay(60);
    const sponsor = await registerPaid(await memberIdOf('demosilver'), 'R', 'SILVER', at(dayAfter(day, -1), '09:00'));
    await (await getDb()).execute(
      sql`update members set status_rekening = 'VERIFIED', kode_bank = '014', no_rekening = '1234567890', nama_rekening = 'Uji' where id = ${sponsor.id}`,
    );
    await closeDay(dayAfter(day, -1));
    const recruit = await registerPaid(sponsor.id, 'L', 'PLATINUM', at(day, '10:00'));
    await closeDay(day);
    const me = { id: sponsor.id } as SessionMember;
    const [bonus] = await rowsOf(sponsor.id);
    await requestPayout(me, [bonus!.public_id]);
    const [payout] = await selectRows<{ no: string }>(await getDb(), sql`select no from payouts where member_id = ${sponsor.id}`);
    await payThroughBatch(payout!.no);

    const order = await regOrderOf(recruit.id);
    expect(await notify(order.no_order, order.total_bayar, 'chargeback')).toEqual({ outcome: 'REFUND' });
    await closeDay(dayAfter(day));
    const ro = await pendingOrder(recruit.id, 'ro', 1);
    await payAt(ro.id, at(dayAfter(day, 2), '10:00'));
    await closeDay(dayAfter(day, 2));
    const unpaid = (await rowsOf(sponsor.id)).filter((b) => b.payout_id === null);
    expect(unpaid.map((b) => b.jenis_bonus).sort()).toEqual(['RO', 'SPONSOR']);
    expect(unpaid.reduce((s, b) => s + b.bonus_dibayar, 0)).toBeLessThan(0);
    const roRow = unpaid.find((b) => b.jenis_bonus === 'RO')!;
    await expect(requestPayout(me, [roRow.public_id])).rejects.toMatchObject({
      message: PAYOUT_MESSAGES.belowMinimum(defaultPlan.minimumPayout),
    });
    expect((await rowsOf(sponsor.id)).filter((b) => b.payout_id === null)).toHaveLength(2);
  });

  it('a 1-BV registration is one unit: a large refund by amount is refused, the package refund takes its 1 BV and reverses its Rp 125.000', async () => {
    const day = jakartaDay(100);
    const sponsor = await registerPaid(await memberIdOf('demostokis'), 'L', 'SILVER', at(dayAfter(day, -1), '09:00'));
    await closeDay(dayAfter(day, -1));
    const recruit = await registerPaid(sponsor.id, 'R', 'BRONZE', at(day, '10:00'));
    await closeDay(day);
    const grand = await memberIdOf('demostokis');
    expect(await pairingOf(sponsor.id)).toMatchObject({ sisa_kanan: 1 });

    const order = await regOrderOf(recruit.id);
    const orderId = (
      await selectRows<{ id: number }>(await getDb(), sql`select id::int as id from orders where no_order = ${order.no_order}`)
    )[0]!.id;
    await expect(
      refundOrder(order.no_order, { jumlah: order.total_bayar - 50_000, alasan: 'Sebagian', admin: 'Rina' }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: REFUND_MESSAGES.packageWhole });
    expect(await refundsOf(orderId)).toEqual([]);

    expect(await refundOrder(order.no_order, { alasan: 'Paket dibatalkan', admin: 'Rina' })).toMatchObject({
      outcome: 'RECORDED',
      jumlah: order.total_bayar,
      bv: 1,
    });
    await closeDay(dayAfter(day));
    expect(await reversalsOf(sponsor.id, dayAfter(day))).toEqual([['SPONSOR', -defaultPlan.sponsorPerBv]]);
    expect(await reversalsOf(grand, dayAfter(day))).toEqual([['PASSUP', -defaultPlan.passupPerBv]]);
    expect(defaultPlan.sponsorPerBv + defaultPlan.passupPerBv).toBe(125_000);
    expect(await pairingOf(sponsor.id)).toMatchObject({ sisa_kanan: 0, hutang_kanan: 0 });
  });

  it('a repeat order is refunded by line: exactly those lines’ BV leave and their price is the money; more than is left is refused', async () => {
    const day = jakartaDay(120);
    const sponsor = await registerPaid(await memberIdOf('demosilver'), 'L', 'SILVER', at(dayAfter(day, -1), '09:00'));
    const buyer = await registerPaid(sponsor.id, 'R', 'BRONZE', at(dayAfter(day, -1), '10:00'));
    const ro = await paidRepeatOrder(buyer.id, [3, 1], at(day, '10:00'));
    await closeDay(dayAfter(day, -1));
    await closeDay(day);
    const [original] = (await rowsOf(sponsor.id)).filter((b) => b.jenis_bonus === 'RO' && b.tanggal === day);
    expect(original!.bonus_bruto).toBe(ro.total_bv * defaultPlan.roPerBv.BRONZE);

    const [first] = ro.lines;
    expect(
      await refundOrder(ro.no_order, { baris: [{ detail: first!.public_id, qty: 2 }], alasan: 'Dua botol pecah', admin: 'Rina' }),
    ).toMatchObject({ outcome: 'RECORDED', jumlah: 2 * first!.harga, bv: 2 * first!.value });
    await expect(
      refundOrder(ro.no_order, { baris: [{ detail: first!.public_id, qty: 2 }], alasan: 'lagi', admin: 'Rina' }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: REFUND_MESSAGES.lineQty });
    await closeDay(dayAfter(day));
    expect(await refundsOf(ro.id)).toEqual([{ jenis: 'operator', jumlah: 2 * first!.harga, bv: 2 * first!.value, menunggu: false }]);
    expect(await reversalsOf(sponsor.id, dayAfter(day))).toEqual([['RO', -2 * first!.value * defaultPlan.roPerBv.BRONZE]]);

    // The rest of the order (the other line, the last unit and the shipping) goes whole.
    expect(await refundOrder(ro.no_order, { alasan: 'Sisanya', admin: 'Rina' })).toMatchObject({
      jumlah: ro.total_bayar - 2 * first!.harga,
      bv: ro.total_bv - 2 * first!.value,
    });
    await closeDay(dayAfter(day, 2));
    expect(
      original!.bonus_bruto +
        (await rowsOf(sponsor.id)).filter((b) => b.reverses_id === original!.id).reduce((s, b) => s + b.bonus_bruto, 0),
    ).toBe(0);
  });

  it('a refund by arbitrary amount is refused for packages and repeat orders alike, with nothing recorded', async () => {
    const day = jakartaDay(140);
    const sponsor = await registerPaid(await memberIdOf('demosilver'), 'R', 'SILVER', at(day, '09:00'));
    const ro = await paidRepeatOrder(sponsor.id, [2], at(day, '10:00'));
    const reg = await regOrderOf(sponsor.id);
    await expect(refundOrder(ro.no_order, { jumlah: 10_000, alasan: 'Sebagian', admin: 'Rina' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: REFUND_MESSAGES.repeatByLine,
    });
    await expect(refundOrder(reg.no_order, { jumlah: 10_000, alasan: 'Sebagian', admin: 'Rina' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: REFUND_MESSAGES.packageWhole,
    });
    await expect(
      refundOrder(ro.no_order, { baris: [{ detail: randomUUID(), qty: 1 }], alasan: 'Salah', admin: 'Rina' }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: REFUND_MESSAGES.lineUnknown });
    expect(REFUND_MESSAGES.packageWhole).toBe(
      'Paket registrasi dan upgrade dikembalikan utuh: refund sebagian atau per nominal tidak bisa',
    );
    expect(REFUND_MESSAGES.repeatByLine).toBe('Repeat order dikembalikan per barang: pilih barang dan jumlahnya, bukan nominal');
    expect(await refundsOf(ro.id)).toEqual([]);
  });

  it('a provider’s partial refund is money returned that waits for KEUANGAN: no BV leaves until it is assigned to the package, then it does', async () => {
    const day = jakartaDay(160);
    const sponsor = await registerPaid(await memberIdOf('demostokis'), 'R', 'SILVER', at(dayAfter(day, -1), '09:00'));
    await closeDay(dayAfter(day, -1));
    const recruit = await registerPaid(sponsor.id, 'L', 'BRONZE', at(day, '10:00'));
    await closeDay(day);
    const order = await regOrderOf(recruit.id);
    const orderId = (
      await selectRows<{ id: number }>(await getDb(), sql`select id::int as id from orders where no_order = ${order.no_order}`)
    )[0]!.id;
    const part = order.total_bayar - 50_000;

    expect(await notify(order.no_order, order.total_bayar, 'partial_refund', { refund_amount: `${part}.00` })).toEqual({
      outcome: 'REFUND',
    });
    expect(await notify(order.no_order, order.total_bayar, 'partial_refund', { refund_amount: `${part}.00` })).toEqual({
      outcome: 'IGNORED',
    });
    expect(await refundsOf(orderId)).toEqual([{ jenis: 'partial_refund', jumlah: part, bv: 0, menunggu: true }]);
    const pending = (await listPendingRefunds()).filter((r) => r.no_order === order.no_order);
    expect(pending).toEqual([
      expect.objectContaining({ no_order: order.no_order, jenis_order: 'reg', jumlah: part, total_bayar: order.total_bayar, total_bv: 1 }),
    ]);
    // An operator's refund of the same order waits for the assignment, so the money is not given twice.
    await expect(refundOrder(order.no_order, { alasan: 'Dobel', admin: 'Rina' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: REFUND_MESSAGES.pending,
    });
    await closeDay(dayAfter(day));
    expect(await reversalsOf(sponsor.id, dayAfter(day))).toEqual([]);
    expect(await pairingOf(sponsor.id)).toMatchObject({ sisa_kiri: 1 });

    await expect(
      assignRefund(pending[0]!.id, { baris: [{ detail: randomUUID(), qty: 1 }], admin: 'Kartika Uji', by: KARTIKA }),
    ).rejects.toMatchObject({ message: REFUND_MESSAGES.packageWhole });
    expect(await assignRefund(pending[0]!.id, { admin: 'Kartika Uji', by: KARTIKA })).toMatchObject({ jumlah: part, bv: 1 });
    await expect(assignRefund(pending[0]!.id, { admin: 'Kartika Uji', by: KARTIKA })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: REFUND_MESSAGES.notPending,
    });
    expect(await refundsOf(orderId)).toEqual([{ jenis: 'partial_refund', jumlah: part, bv: 1, menunggu: false }]);
    expect((await listPendingRefunds()).filter((r) => r.no_order === order.no_order)).toEqual([]);
    const [audit] = await selectRows<{ operator_nama: string; after: Record<string, unknown> }>(
      await getDb(),
      sql`
      select operator_nama, after from audit_log where action = 'refund:tetapkan' and object = ${`order:${order.no_order}`}`,
    );
    expect(audit).toMatchObject({ operator_nama: 'Kartika Uji', after: { jumlah: part, bv: 1, lingkup: 'utuh' } });

    await closeDay(dayAfter(day, 2));
    expect(await reversalsOf(sponsor.id, dayAfter(day, 2))).toEqual([['SPONSOR', -defaultPlan.sponsorPerBv]]);
    expect(await pairingOf(sponsor.id)).toMatchObject({ sisa_kiri: 0 });
    // The rest of the money follows with the full refund, with no BV left to take.
    expect(await notify(order.no_order, order.total_bayar, 'refund', { refund_amount: `${order.total_bayar}.00` })).toEqual({
      outcome: 'REFUND',
    });
    expect((await refundsOf(orderId)).at(-1)).toEqual({ jenis: 'refund', jumlah: 50_000, bv: 0, menunggu: false });
  });

  it('a provider’s partial refund of a repeat order assigned to a line takes exactly that line’s BV', async () => {
    const day = jakartaDay(180);
    const sponsor = await registerPaid(await memberIdOf('demosilver'), 'L', 'SILVER', at(dayAfter(day, -1), '09:00'));
    const buyer = await registerPaid(sponsor.id, 'R', 'BRONZE', at(dayAfter(day, -1), '10:00'));
    const ro = await paidRepeatOrder(buyer.id, [1, 2], at(day, '10:00'));
    await closeDay(dayAfter(day, -1));
    await closeDay(day);
    const second = ro.lines[1]!;
    expect(await notify(ro.no_order, ro.total_bayar, 'partial_refund', { refund_amount: `${second.harga}.00` })).toEqual({
      outcome: 'REFUND',
    });
    const [pending] = (await listPendingRefunds()).filter((r) => r.no_order === ro.no_order);
    await expect(
      assignRefund(pending!.id, { baris: [{ detail: second.public_id, qty: 3 }], admin: 'Kartika Uji', by: KARTIKA }),
    ).rejects.toMatchObject({ message: REFUND_MESSAGES.lineQty });
    expect(
      await assignRefund(pending!.id, { baris: [{ detail: second.public_id, qty: 1 }], admin: 'Kartika Uji', by: KARTIKA }),
    ).toMatchObject({ jumlah: second.harga, bv: second.value });
    await closeDay(dayAfter(day));
    expect(await refundsOf(ro.id)).toEqual([{ jenis: 'partial_refund', jumlah: second.harga, bv: second.value, menunggu: false }]);
    expect(await reversalsOf(sponsor.id, dayAfter(day))).toEqual([['RO', -second.value * defaultPlan.roPerBv.BRONZE]]);
  });
  it('KEUANGAN sees the waiting refund on the refund page and assigns it there to the whole package; then it leaves the list', async () => {
    const day = jakartaDay(200);
    const sponsor = await registerPaid(await memberIdOf('demostokis'), 'R', 'SILVER', at(day, '09:00'));
    const recruit = await registerPaid(sponsor.id, 'L', 'BRONZE', at(day, '10:00'));
    await closeDay(day);
    const order = await regOrderOf(recruit.id);
    const orderId = (
      await selectRows<{ id: number }>(await getDb(), sql`select id::int as id from orders where no_order = ${order.no_order}`)
    )[0]!.id;
    expect(await notify(order.no_order, order.total_bayar, 'partial_refund', { refund_amount: '300000.00' })).toEqual({
      outcome: 'REFUND',
    });
    const [op] = await selectRows<{ id: number; nama: string }>(
      await getDb(),
      sql`select id::int as id, nama from operators where username = 'keuangan'`,
    );
    const locals = { operator: { id: op!.id, username: 'keuangan', nama: op!.nama, role: 'KEUANGAN' as const } };
    const container = await createContainer();
    const page = async (query: string, form?: Record<string, string>) => {
      const request = new Request(
        `http://portal.test/admin/keuangan/refund${query}`,
        form
          ? {
              method: 'POST',
              body: new URLSearchParams(form),
              headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://portal.test' },
            }
          : {},
      );
      const response = await container.renderToResponse(RefundPage, { locals, request });
      return { status: response.status, text: (await response.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
    };
    const [pending] = (await listPendingRefunds()).filter((r) => r.no_order === order.no_order);
    const list = await page('');
    expect(list.text).toContain('Refund menunggu penetapan');
    expect(list.text).toContain(`${order.no_order} Registrasi`);
    const form = await page(`?no_order=${order.no_order}&refund=${pending!.id}`);
    expect(form.text).toContain('Tetapkan ke seluruh paket (1 BV)');

    const refused = await page('', { action: 'baris', no_order: order.no_order, refund: String(pending!.id), alasan: '' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(REFUND_MESSAGES.packageWhole);
    const done = await page('', {
      action: 'utuh',
      no_order: order.no_order,
      refund: String(pending!.id),
      alasan: 'Paket dikembalikan pembeli',
    });
    expect(done.status).toBe(200);
    expect(done.text).toContain(`Refund ${order.no_order} sebesar Rp 300.000 ditetapkan: 1 BV ditarik`);
    expect(await refundsOf(orderId)).toEqual([{ jenis: 'partial_refund', jumlah: 300_000, bv: 1, menunggu: false }]);
    expect((await page('')).text).not.toContain(order.no_order);
  });
});
