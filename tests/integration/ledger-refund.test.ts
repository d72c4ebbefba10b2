// @template year — the demo year's paid orders and their bonuses
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../src/server/db/client';
import { closeDay } from '../../src/server/services/bonus/close-day';
import { reconcileDays } from '../../src/server/services/bonus/reconcile-days';
import { handlePaymentNotification } from '../../src/server/services/order/handle-payment-notification';
import { refundOrder } from '../../src/server/services/order/refund-order';
import { requestPayout, settlePayout } from '../../src/server/services/bonus/payouts';
import { notificationSignature } from '../../src/server/integrations/payment/signature';
import { simulatorGateway } from '../../src/server/integrations/payment/simulator';
import { PAYOUT_MESSAGES } from '../../src/server/domain/bonus/payout';
import { defaultPlan } from '../../src/server/domain/bonus/plan';
import type { SessionMember } from '../../src/server/services/auth/session-member';
import { at, jakartaDay, memberIdOf, payAt, pendingOrder, registerPaid } from './ledger-helpers';

const dayAfter = (d: string, n = 1) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const rowsOf = async (memberId: number) => selectRows<{ id: number; public_id: string; tanggal: string; jenis_bonus: string; bonus_bruto: number; pot_pph: number; bonus_dibayar: number; reverses_id: number | null; payout_id: number | null }>(await getDb(), sql`
  select id::int as id, public_id::text as public_id, tanggal::text as tanggal, jenis_bonus, bonus_bruto::int as bonus_bruto, pot_pph::int as pot_pph,
    bonus_dibayar::int as bonus_dibayar, reverses_id::int as reverses_id, payout_id::int as payout_id
  from bonuses where member_id = ${memberId} order by id`);
const pairingOf = async (memberId: number) => (await selectRows<{ sisa_kiri: number; sisa_kanan: number; hutang_kiri: number; hutang_kanan: number }>(await getDb(), sql`
  select sisa_bv_kiri as sisa_kiri, sisa_bv_kanan as sisa_kanan, hutang_bv_kiri as hutang_kiri, hutang_bv_kanan as hutang_kanan from member_pairing where member_id = ${memberId}`))[0];
const regOrderOf = async (memberId: number) => (await selectRows<{ no_order: string; total_bayar: number }>(await getDb(), sql`
  select no_order, total_bayar::int as total_bayar from orders where new_member_id = ${memberId}`))[0]!;

async function notify(noOrder: string, totalBayar: number, status: string, extra: Record<string, unknown> = {}) {
  const gross = `${totalBayar}.00`;
  return handlePaymentNotification({
    order_id: noOrder, status_code: status === 'chargeback' ? '202' : '200', gross_amount: gross, transaction_status: status, fraud_status: 'accept',
    payment_type: 'credit_card', transaction_id: randomUUID(), transaction_time: '2026-11-22 10:00:00', settlement_time: '2026-11-22 10:01:00',
    signature_key: notificationSignature(noOrder, status === 'chargeback' ? '202' : '200', gross, await simulatorGateway.serverKey()), ...extra,
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
    expect(await notify(order.no_order, order.total_bayar, 'refund', { refund_amount: `${order.total_bayar}.00` })).toEqual({ outcome: 'REFUND' });
    expect(await notify(order.no_order, order.total_bayar, 'refund', { refund_amount: `${order.total_bayar}.00` })).toEqual({ outcome: 'IGNORED' });
    await closeDay(dayAfter(day));

    const reversal = (await rowsOf(sponsor.id)).filter((b) => b.reverses_id !== null);
    expect(reversal).toEqual([expect.objectContaining({ tanggal: dayAfter(day), jenis_bonus: 'SPONSOR', reverses_id: sponsorRow!.id, bonus_bruto: -400_000, pot_pph: -12_000, bonus_dibayar: -388_000 })]);
    const passupReversal = (await rowsOf(stokis)).filter((b) => b.reverses_id !== null);
    expect(passupReversal).toEqual([expect.objectContaining({ jenis_bonus: 'PASSUP', reverses_id: passupBefore[0]!.id, bonus_bruto: -4 * defaultPlan.passupPerBv })]);
    expect(await pairingOf(sponsor.id)).toMatchObject({ sisa_kiri: 0, hutang_kiri: 0 });
    const [reconciled] = await reconcileDays(dayAfter(day), dayAfter(day));
    expect(reconciled).toMatchObject({ bv_dibalik: 4, selisih: 0 });
    // No rupiah appears or vanishes: the order's sponsor bonus and its reversal sum to zero.
    expect((await rowsOf(sponsor.id)).filter((b) => b.jenis_bonus === 'SPONSOR').reduce((s, b) => s + b.bonus_bruto, 0)).toBe(0);

    const count = async () => (await selectRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from bonuses where reverses_id is not null`))[0]!.n;
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
    expect(earned.map((b) => [b.jenis_bonus, b.bonus_bruto])).toEqual([['SPONSOR', 800_000], ['PAIR', 4 * defaultPlan.pairPerBv]]);

    await expect(refundOrder((await regOrderOf(left.id)).no_order, { alasan: '', admin: 'Rina' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(await refundOrder((await regOrderOf(left.id)).no_order, { alasan: 'Paket rusak, uang kembali', admin: 'Rina (Admin)' })).toMatchObject({ outcome: 'RECORDED', bv: 4 });
    await expect(refundOrder((await regOrderOf(left.id)).no_order, { alasan: 'lagi', admin: 'Rina' })).rejects.toMatchObject({ code: 'CONFLICT' });
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

    await (await getDb()).execute(sql`update members set status_rekening = 'VERIFIED', kode_bank = '014', no_rekening = '1234567890', nama_rekening = 'Uji' where id = ${upline.id}`);
    const me = { id: upline.id } as SessionMember;
    await requestPayout(me, earned.map((b) => b.public_id));
    const [payout] = await selectRows<{ total_bonus: number }>(await getDb(), sql`select total_bonus::int as total_bonus from payouts where member_id = ${upline.id}`);
    expect(payout!.total_bonus).toBe(earned[0]!.bonus_dibayar + earned[1]!.bonus_dibayar + reversal[0]!.bonus_dibayar);
    expect((await rowsOf(upline.id)).find((b) => b.reverses_id !== null)!.payout_id).not.toBeNull();
  });

  it('a chargeback after the payout: the member’s balance never pays out below zero', async () => {
    const day = jakartaDay(60);
    const sponsor = await registerPaid(await memberIdOf('demosilver'), 'R', 'SILVER', at(dayAfter(day, -1), '09:00'));
    await (await getDb()).execute(sql`update members set status_rekening = 'VERIFIED', kode_bank = '014', no_rekening = '1234567890', nama_rekening = 'Uji' where id = ${sponsor.id}`);
    await closeDay(dayAfter(day, -1));
    const recruit = await registerPaid(sponsor.id, 'L', 'PLATINUM', at(day, '10:00'));
    await closeDay(day);
    const me = { id: sponsor.id } as SessionMember;
    const [bonus] = await rowsOf(sponsor.id);
    await requestPayout(me, [bonus!.public_id]);
    const [payout] = await selectRows<{ no: string }>(await getDb(), sql`select no from payouts where member_id = ${sponsor.id}`);
    await settlePayout(payout!.no, 'complete');

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
    await expect(requestPayout(me, [roRow.public_id])).rejects.toMatchObject({ message: PAYOUT_MESSAGES.belowMinimum(defaultPlan.minimumPayout) });
    expect((await rowsOf(sponsor.id)).filter((b) => b.payout_id === null)).toHaveLength(2);
  });

  it('a partial refund takes back BV pro rata to the money; a replay records nothing; the rest follows with the full refund', async () => {
    const day = jakartaDay(80);
    const sponsor = await registerPaid(await memberIdOf('demosilver'), 'L', 'SILVER', at(dayAfter(day, -1), '09:00'));
    const buyer = await registerPaid(sponsor.id, 'R', 'BRONZE', at(dayAfter(day, -1), '10:00'));
    const ro = await pendingOrder(buyer.id, 'ro', 4);
    await payAt(ro.id, at(day, '10:00'));
    await closeDay(dayAfter(day, -1));
    await closeDay(day);
    const [original] = (await rowsOf(sponsor.id)).filter((b) => b.jenis_bonus === 'RO');
    expect(original!.bonus_bruto).toBe(4 * defaultPlan.roPerBv.BRONZE);

    const half = Math.floor(ro.total_bayar / 2);
    expect(await notify(ro.no_order, ro.total_bayar, 'partial_refund', { refund_amount: `${half}.00` })).toEqual({ outcome: 'REFUND' });
    expect(await notify(ro.no_order, ro.total_bayar, 'partial_refund', { refund_amount: `${half}.00` })).toEqual({ outcome: 'IGNORED' });
    await closeDay(dayAfter(day));
    expect(await notify(ro.no_order, ro.total_bayar, 'refund', { refund_amount: `${ro.total_bayar}.00` })).toEqual({ outcome: 'REFUND' });
    await closeDay(dayAfter(day, 2));

    const refunds = await selectRows<{ jenis: string; jumlah: number; bv: number }>(await getDb(), sql`
      select jenis, jumlah::int as jumlah, bv from order_refunds where order_id = ${ro.id} order by id`);
    expect(refunds).toEqual([{ jenis: 'partial_refund', jumlah: half, bv: 2 }, { jenis: 'refund', jumlah: ro.total_bayar - half, bv: 2 }]);
    const reversals = (await rowsOf(sponsor.id)).filter((b) => b.reverses_id === original!.id);
    expect(reversals.map((b) => [b.tanggal, b.bonus_bruto])).toEqual([[dayAfter(day), -2 * defaultPlan.roPerBv.BRONZE], [dayAfter(day, 2), -2 * defaultPlan.roPerBv.BRONZE]]);
    // Never more than the bonus: the original and its reversals sum to zero, withholding included.
    expect(original!.bonus_bruto + reversals.reduce((s, b) => s + b.bonus_bruto, 0)).toBe(0);
    expect(original!.pot_pph + reversals.reduce((s, b) => s + b.pot_pph, 0)).toBe(0);
  });
});
