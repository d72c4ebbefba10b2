import { jakartaDate } from '../../../lib/calendar';
import { RANKS } from '../../../lib/rank';
import { looksLikeIdMember } from '../../../lib/username';
import type { Tx } from '../../db/client';
import { fillMemberFromCalon, isUsernameTaken, lockMemberRank, setMemberRank } from '../../db/queries/order-payment';
import { type LockedOrder, lockOrder, setOrderInvoiced, setOrderNewMember } from '../../db/queries/orders';
import { countAnnualBv } from '../bonus/annual-counters';
import { addMemberToNetwork, countRankChange } from '../network/place-member';
import { recordPromoOmsets } from '../promo/record-promo-omsets';
import { orderNumber } from './create-order';
import { moveOrder } from './move-order';

/** The order row a status change reads, locked (the webhook, operators, expiry). */
export { type LockedOrder, lockOrder };

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
  await setOrderInvoiced(tx, order.id, {
    paidAt,
    noInvoice: orderNumber('INV', paidAt, order.id),
    pembayaran,
    posisiPembeli: buyerRankAtPayment(order),
  });
  const effects: PaidEffects = {};
  if (order.jenis_order === 'reg' && order.calon_member && order.sisi && order.posisi) {
    const c = order.calon_member;
    const tglJoin = jakartaDate(paidAt);
    const username = await freeUsername(tx, c.username, order.id);
    const created = await addMemberToNetwork(tx, {
      sponsorId: order.member_id,
      sisi: order.sisi,
      username,
      nama: c.nama,
      email: c.email,
      phone: c.phone,
      posisi: order.posisi,
      passwordHash: NO_PASSWORD_YET,
      tglJoin,
    });
    await fillMemberFromCalon(tx, created.id, c);
    await setOrderNewMember(tx, order.id, created.id);
    effects.newMember = { id: created.id, idMember: created.idMember, username, nama: c.nama, email: c.email };
  }
  if (order.jenis_order === 'upg' && order.posisi) {
    const buyer = await lockMemberRank(tx, order.member_id);
    // An upgrade only ever raises the rank (an older, smaller upgrade paid late changes nothing).
    if (buyer && RANKS.indexOf(order.posisi) > RANKS.indexOf(buyer.posisi)) {
      await setMemberRank(tx, order.member_id, order.posisi);
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
  return order.jenis_order === 'reg' ? { rank: order.posisi } : { buyerId: order.member_id };
}

/**
 * The username the prospective member chose, or that name with the order id when somebody took
 * it between the order and its payment: a payment must never fail on a name.
 */
async function freeUsername(tx: Tx, wanted: string, orderId: number): Promise<string> {
  for (const candidate of [wanted, `${wanted}${orderId}`, `${wanted}${orderId}${Date.now() % 1000}`]) {
    if (looksLikeIdMember(candidate)) continue;
    if (!(await isUsernameTaken(tx, candidate))) return candidate;
  }
  throw new Error(`Tidak ada username bebas untuk ${wanted}`);
}
