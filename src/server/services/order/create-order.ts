import { sql } from 'drizzle-orm';
import { getDb, inTransaction, selectRows, type Db, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { jenisFromFlags, JENIS_ORDER, upgradeTarget } from '../../../lib/order/bv';
import { assertOrderLimits } from './order-limits';
import { orderMessages, type CreateOrderInput, type ShipTo } from '../../../lib/schemas/order';
import type { Rank } from '../../../lib/rank';
import { jakartaDate } from '../../../lib/calendar';
import { getSetting } from '../settings';
import { checkCalonMember, parseCalonMember } from './calon-member';
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

interface ShipToRow { nama: string; phone: string; alamat: string; kelurahan_id: string; kode_pos: string | null }

async function savedAddress(tx: Tx | Db, memberId: number, publicId: string | null | undefined): Promise<ShipToRow> {
  if (!publicId) throw new AppError('BAD_INPUT', orderMessages.alamat);
  const [row] = await selectRows<ShipToRow>(tx, sql`
    select nama, phone, alamat, kelurahan_id, kode_pos from shipping_addresses
    where public_id = ${publicId}::uuid and member_id = ${memberId}`);
  if (!row) throw new AppError('BAD_INPUT', orderMessages.alamat);
  return row;
}

/**
 * Creates a PENDING order (POST /member/transaction; the referral page through createReferralOrder):
 * checks the order type's rules, prices it on the server, reserves the warehouse stock and
 * writes the order, its lines and its first history row in one transaction. The same client_ref
 * answers the same order, so a double-clicked BAYAR makes one.
 */
export async function createOrder(buyer: Buyer, input: CreateOrderInput, referral?: { kirim: ShipTo }): Promise<{ public_id: string; no_order: string; created: boolean }> {
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
    jenis, tier: calonInput?.posisi, currentPosisi: buyer.posisi, details: input.details, gudangPublicId: input.id_gudang,
    pickup: input.pickup_store, kelurahanId: shipTo?.kelurahan_id, ekspedisi: input.ekspedisi, clientOngkir: input.biaya_kirim,
    isAsuransi: input.is_asuransi, paymentMethod: input.payment_method,
  });
  const hours = await getSetting('order_expiry_hours');
  try {
    return await inTransaction(async (tx) => {
      const calon = calonInput ? await checkCalonMember(tx, calonInput) : undefined;
      await assertOrderLimits(tx, buyer.id, jenis, priced, Boolean(referral));
      for (const line of priced.lines) {
        const reserved = await selectRows<{ qty: number }>(tx, sql`
          update warehouse_stock set qty = qty - ${line.qty}
          where warehouse_id = ${priced.gudang.id} and product_id = ${line.productId} and qty >= ${line.qty}
          returning qty`);
        if (reserved.length === 0) throw new AppError('CONFLICT', STOCK_GONE);
      }
      const [{ id }] = await selectRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`) as [{ id: number }];
      const now = new Date();
      const noOrder = orderNumber('ORD', now, id);
      const upgradeTo = jenis === 'upgrade' ? upgradeTarget(buyer.posisi, priced.totalBv) : null;
      const pembayaran = input.payment_method === 'transferbca' ? { payment_type: 'transferbca' } : null;
      const [order] = await selectRows<{ public_id: string }>(tx, sql`
        insert into orders (id, no_order, member_id, jenis_order, status_order, tgl_order, expires_at, posisi, sisi,
          calon_member, total_bv, total_harga, total_berat, pickup_store, gudang_id, nama_kirim, phone_kirim, alamat_kirim,
          kode_pos_kirim, kelurahan_kirim_id, ekspedisi, biaya_kirim, diskon_biaya_kirim, asuransi_kirim, biaya_pembayaran,
          total_bayar, payment_method, pembayaran, is_ppn, total_dpp, total_ppn, client_ref, via_referral, created_at)
        values (${id}, ${noOrder}, ${buyer.id}, ${JENIS_ORDER[jenis]}, 'PENDING', ${now.toISOString()},
          ${new Date(now.getTime() + hours * 3_600_000).toISOString()}, ${calon?.posisi ?? upgradeTo}, ${calon?.sisi ?? null},
          ${calon ? JSON.stringify(calon) : null}::jsonb, ${priced.totalBv}, ${priced.totalHarga}, ${priced.totalBerat},
          ${input.pickup_store}, ${priced.gudang.id}, ${shipTo?.nama ?? null}, ${shipTo?.phone ?? null}, ${shipTo?.alamat ?? null},
          ${shipTo?.kode_pos ?? null}, ${shipTo?.kelurahan_id ?? null}, ${priced.ekspedisi}, ${priced.ongkir}, ${priced.diskon},
          ${priced.asuransi}, ${priced.fee}, ${priced.total}, ${input.payment_method}, ${pembayaran ? JSON.stringify(pembayaran) : null}::jsonb,
          ${priced.isPpn}, ${priced.totalDpp}, ${priced.totalPpn}, ${input.client_ref}, ${Boolean(referral)}, ${now.toISOString()})
        returning public_id::text as public_id`);
      for (const l of priced.lines) {
        await tx.execute(sql`insert into order_details (order_id, product_id, harga, qty, value, berat, dpp)
          values (${id}, ${l.productId}, ${l.harga}, ${l.qty}, ${l.value}, ${l.berat}, ${l.dpp})`);
      }
      await tx.execute(sql`insert into order_histories (order_id, tanggal, status, id_admin, keterangan)
        values (${id}, ${now.toISOString()}, 'PENDING', 0, ${referral ? 'Dibuat dari link referal' : null})`);
      return { public_id: order!.public_id, no_order: noOrder, created: true };
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
  const [row] = await selectRows<{ public_id: string; no_order: string }>(await getDb(), sql`
    select public_id::text as public_id, no_order from orders where member_id = ${memberId} and client_ref = ${clientRef}`);
  return row;
}
