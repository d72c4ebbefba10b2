import { jakartaDate } from '../../../lib/calendar';
import { JENIS_ORDER, jenisFromFlags, upgradeTarget } from '../../../lib/order/bv';
import type { Rank } from '../../../lib/rank';
import { type CreateOrderInput, orderMessages, type ShipTo } from '../../../lib/schemas/order';
import { type Db, getDb, inTransaction, type Tx } from '../../db/client';
import {
  findOrderByClientRef,
  findSavedShipTo,
  insertOrder,
  insertOrderHistory,
  insertOrderLines,
  nextOrderId,
  reserveStock,
} from '../../db/queries/orders-create';
import { AppError } from '../../errors';
import { getSetting } from '../settings';
import { checkCalonMember, parseCalonMember } from './calon-member';
import { assertOrderLimits } from './order-limits';
import { priceOrder } from './price-order';

export interface Buyer {
  id: number;
  posisi: Rank;
}

export const STOCK_GONE = 'Stok gudang tidak mencukupi untuk pesanan ini, pilih gudang lain';
export const PLATINUM_NO_UPGRADE = 'Member PLATINUM tidak dapat melakukan upgrade';

/** ORD-YYYYMMDD-0000123: the Jakarta date of the order and its id. */
export const orderNumber = (prefix: 'ORD' | 'INV', at: Date, id: number): string =>
  `${prefix}-${jakartaDate(at).replaceAll('-', '')}-${String(id).padStart(7, '0')}`;

async function savedAddress(tx: Tx | Db, memberId: number, publicId: string | null | undefined) {
  if (!publicId) throw new AppError('BAD_INPUT', orderMessages.alamat);
  const row = await findSavedShipTo(tx, memberId, publicId);
  if (!row) throw new AppError('BAD_INPUT', orderMessages.alamat);
  return row;
}

/**
 * Creates a PENDING order (POST /member/transaction; the referral page through createReferralOrder):
 * checks the order type's rules, prices it on the server, reserves the warehouse stock and
 * writes the order, its lines and its first history row in one transaction. The same client_ref
 * answers the same order, so a double-clicked BAYAR makes one.
 */
export async function createOrder(
  buyer: Buyer,
  input: CreateOrderInput,
  referral?: { kirim: ShipTo },
): Promise<{ public_id: string; no_order: string; created: boolean }> {
  const jenis = jenisFromFlags(input);
  if (!jenis) throw new AppError('BAD_INPUT', orderMessages.jenis);
  if (jenis === 'upgrade' && buyer.posisi === 'PLATINUM') throw new AppError('BAD_INPUT', PLATINUM_NO_UPGRADE);
  if (referral && (jenis !== 'registrasi' || input.pickup_store)) throw new AppError('BAD_INPUT', orderMessages.jenis);

  const existing = await findByClientRef(buyer.id, input.client_ref);
  if (existing) return { ...existing, created: false };
  const db = await getDb();
  const calonInput = jenis === 'registrasi' ? parseCalonMember(input.member) : undefined;
  const shipTo = input.pickup_store ? undefined : referral ? referral.kirim : await savedAddress(db, buyer.id, input.id_kirim);
  const priced = await priceOrder(db, {
    jenis,
    tier: calonInput?.posisi,
    currentPosisi: buyer.posisi,
    details: input.details,
    gudangPublicId: input.id_gudang,
    pickup: input.pickup_store,
    kelurahanId: shipTo?.kelurahan_id,
    ekspedisi: input.ekspedisi,
    clientOngkir: input.biaya_kirim,
    isAsuransi: input.is_asuransi,
    paymentMethod: input.payment_method,
  });
  const hours = await getSetting('order_expiry_hours');
  try {
    return await inTransaction(async (tx) => {
      const calon = calonInput ? await checkCalonMember(tx, calonInput) : undefined;
      await assertOrderLimits(tx, buyer.id, jenis, priced, Boolean(referral));
      for (const line of priced.lines) {
        if (!(await reserveStock(tx, priced.gudang.id, line.productId, line.qty))) throw new AppError('CONFLICT', STOCK_GONE);
      }
      const id = await nextOrderId(tx);
      const now = new Date();
      const noOrder = orderNumber('ORD', now, id);
      const upgradeTo = jenis === 'upgrade' ? upgradeTarget(buyer.posisi, priced.totalBv) : null;
      const pembayaran = input.payment_method === 'transferbca' ? { payment_type: 'transferbca' } : null;
      const publicId = await insertOrder(tx, {
        id,
        noOrder,
        memberId: buyer.id,
        jenisOrder: JENIS_ORDER[jenis],
        statusOrder: 'PENDING',
        tglOrder: now,
        expiresAt: new Date(now.getTime() + hours * 3_600_000),
        posisi: calon?.posisi ?? upgradeTo,
        sisi: calon?.sisi ?? null,
        calonMember: calon ?? null,
        totalBv: priced.totalBv,
        totalHarga: priced.totalHarga,
        totalBerat: priced.totalBerat,
        pickupStore: input.pickup_store,
        gudangId: priced.gudang.id,
        namaKirim: shipTo?.nama ?? null,
        phoneKirim: shipTo?.phone ?? null,
        alamatKirim: shipTo?.alamat ?? null,
        kodePosKirim: shipTo?.kode_pos ?? null,
        kelurahanKirimId: shipTo?.kelurahan_id ?? null,
        ekspedisi: priced.ekspedisi,
        biayaKirim: priced.ongkir,
        diskonBiayaKirim: priced.diskon,
        asuransiKirim: priced.asuransi,
        biayaPembayaran: priced.fee,
        totalBayar: priced.total,
        paymentMethod: input.payment_method,
        pembayaran,
        isPpn: priced.isPpn,
        totalDpp: priced.totalDpp,
        totalPpn: priced.totalPpn,
        clientRef: input.client_ref,
        viaReferral: Boolean(referral),
        createdAt: now,
      });
      await insertOrderLines(
        tx,
        id,
        priced.lines.map((l) => ({ productId: l.productId, harga: l.harga, qty: l.qty, value: l.value, berat: l.berat, dpp: l.dpp })),
      );
      await insertOrderHistory(tx, {
        orderId: id,
        tanggal: now,
        status: 'PENDING',
        idAdmin: 0,
        keterangan: referral ? 'Dibuat dari link referal' : null,
      });
      return { public_id: publicId, no_order: noOrder, created: true };
    });
  } catch (error) {
    // Two requests with one client_ref: the loser of the unique index answers the winner's order.
    const cause = error as { code?: string; cause?: { code?: string; constraint?: string } };
    if ((cause.code ?? cause.cause?.code) === '23505') {
      const again = await findByClientRef(buyer.id, input.client_ref);
      if (again) return { ...again, created: false };
    }
    throw error;
  }
}

async function findByClientRef(memberId: number, clientRef: string): Promise<{ public_id: string; no_order: string } | undefined> {
  return findOrderByClientRef(await getDb(), memberId, clientRef);
}
