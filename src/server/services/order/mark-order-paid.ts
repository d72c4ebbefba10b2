import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client';
import { RANKS, type Rank } from '../../../lib/rank';
import { looksLikeIdMember } from '../../../lib/username';
import { jakartaDate } from '../../../lib/calendar';
import { addMemberToNetwork, countRankChange } from '../network/place-member';
import { recordPromoOmsets } from '../promo/record-promo-omsets';
import { countAnnualBv } from '../bonus/annual-counters';
import type { CalonMember } from './calon-member';
import { orderNumber } from './create-order';
import { moveOrder } from './move-order';

export interface LockedOrder {
  id: number;
  no_order: string;
  member_id: number;
  jenis_order: 'reg' | 'upg' | 'ro';
  status_order: string;
  posisi: Rank | null;
  sisi: 'L' | 'R' | null;
  calon_member: CalonMember | null;
  total_bayar: number;
  gudang_id: number | null;
  refunded: boolean;
  pickup_store: boolean;
  /** When the order was created, epoch milliseconds (a payment is never dated before it). */
  created_ms: number;
}

/** Locks an order row for a status change (the webhook, operators, expiry) and reads it. */
export async function lockOrder(tx: Tx, where: { id?: number; noOrder?: string }): Promise<LockedOrder | undefined> {
  const [row] = await selectRows<LockedOrder>(tx, sql`
    select id::int as id, no_order, member_id::int as member_id, jenis_order, status_order, posisi, sisi, calon_member,
      total_bayar::float8 as total_bayar, gudang_id::int as gudang_id, refunded_at is not null as refunded, pickup_store,
      (extract(epoch from created_at) * 1000)::float8 as created_ms
    from orders where ${where.id !== undefined ? sql`id = ${where.id}` : sql`no_order = ${where.noOrder ?? ''}`}
    for update`);
  return row;
}

/** A password nobody can type: the new member sets one through the welcome e-mail's link. */
const NO_PASSWORD_YET = '!belum-diatur';

export interface PaidEffects {
  newMember?: { id: number; idMember: string; username: string; nama: string; email: string };
}

/**
 * The effects of a settled payment, inside the caller's transaction (issue #6): the order becomes
 * PAID with its invoice number; a registration creates the member at the outer edge of the
 * chosen side of the sponsor; an upgrade raises the buyer's rank and moves them in every
 * ancestor's rank counters. Its BV enters the network volume through paid_at (the closing reads
 * the orders paid each day) and the sponsor's reward-promo omsets. A repeat order needs nothing
 * more: the closing extends pairing.
 */
export async function markOrderPaid(tx: Tx, order: LockedOrder, paidAt: Date, pembayaran: Record<string, unknown>): Promise<PaidEffects> {
  await moveOrder(tx, order, 'pay', { tanggal: paidAt, idAdmin: null });
  await tx.execute(sql`
    update orders set paid_at = ${paidAt.toISOString()}, tgl_invoice = ${paidAt.toISOString()},
      no_invoice = ${orderNumber('INV', paidAt, order.id)},
      pembayaran = coalesce(pembayaran, '{}'::jsonb) || ${JSON.stringify(pembayaran)}::jsonb,
      posisi_pembeli = ${buyerRankAtPayment(order)}
    where id = ${order.id}`);
  const effects: PaidEffects = {};
  if (order.jenis_order === 'reg' && order.calon_member && order.sisi && order.posisi) {
    const c = order.calon_member;
    const tglJoin = jakartaDate(paidAt);
    const username = await freeUsername(tx, c.username, order.id);
    const created = await addMemberToNetwork(tx, {
      sponsorId: order.member_id, sisi: order.sisi, username, nama: c.nama, email: c.email, phone: c.phone,
      posisi: order.posisi, passwordHash: NO_PASSWORD_YET, tglJoin,
    });
    await tx.execute(sql`
      update members set nomor_identitas = ${c.nomor_identitas}, alamat = ${c.alamat || null}, propinsi = ${c.id_propinsi || null},
        kota = ${c.id_kota || null}, kecamatan = ${c.id_kecamatan || null}, kode_pos = ${c.kode_pos || null},
        negara = ${c.negara || 'Indonesia'}, tgl_lahir = ${c.tgl_lahir || null}::date, jenis_kelamin = ${c.jenis_kelamin || null},
        status_kawin = ${c.status_kawin || null}, agama = ${c.agama || null}, propinsi_domisili = ${c.id_propinsi_domisili},
        kota_domisili = ${c.id_kota_domisili}, status_kodeetik = true
      where id = ${created.id}`);
    await tx.execute(sql`update orders set new_member_id = ${created.id} where id = ${order.id}`);
    effects.newMember = { id: created.id, idMember: created.idMember, username, nama: c.nama, email: c.email };
  }
  if (order.jenis_order === 'upg' && order.posisi) {
    const [buyer] = await selectRows<{ posisi: Rank; path: string }>(tx, sql`select posisi, path from members where id = ${order.member_id} for update`);
    // An upgrade only ever raises the rank (an older, smaller upgrade paid late changes nothing).
    if (buyer && RANKS.indexOf(order.posisi) > RANKS.indexOf(buyer.posisi)) {
      await tx.execute(sql`update members set posisi = ${order.posisi} where id = ${order.member_id}`);
      await countRankChange(tx, buyer.path, buyer.posisi, order.posisi);
    }
  }
  // The uplines' annual pairing counters and the upgrade date (after the new member exists).
  await countAnnualBv(tx, order.id);
  // The sponsor's reward-promo omsets of this order (after the new member exists).
  await recordPromoOmsets(tx, order.id);
  return effects;
}

/**
 * What the closing needs on the paid order (rank at the event): a registration's new member's
 * rank; for an upgrade or a repeat order the buyer's rank now, before this payment raises it.
 */
function buyerRankAtPayment(order: LockedOrder) {
  return order.jenis_order === 'reg' ? sql`${order.posisi}` : sql`(select m.posisi from members m where m.id = ${order.member_id})`;
}

/**
 * The username the prospective member chose, or that name with the order id when somebody took
 * it between the order and its payment: a payment must never fail on a name.
 */
async function freeUsername(tx: Tx, wanted: string, orderId: number): Promise<string> {
  for (const candidate of [wanted, `${wanted}${orderId}`, `${wanted}${orderId}${Date.now() % 1000}`]) {
    if (looksLikeIdMember(candidate)) continue;
    const [taken] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from members where lower(username) = lower(${candidate})`);
    if (taken!.n === 0) return candidate;
  }
  throw new Error(`Tidak ada username bebas untuk ${wanted}`);
}
