import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { paymentGateway } from '../../integrations/payment';
import { getSetting } from '../settings';

/** Methods paid outside the gateway (spec/001 §4: no pay-now button). */
export const OFFLINE_METHODS = ['cash', 'transferbca'];

export const NOT_PAYABLE = 'Order ini tidak menunggu pembayaran online';

interface PayableOrder {
  id: number;
  no_order: string;
  status_order: string;
  payment_method: string | null;
  payment_token: string | null;
  payment_redirect_url: string | null;
  total_bayar: number;
  total_harga: number;
  biaya_kirim: number;
  asuransi_kirim: number;
  biaya_pembayaran: number;
  diskon_biaya_kirim: number;
  expires_at: string | null;
  nama: string;
  email: string;
  phone: string;
}

export interface PaymentToken {
  token: string;
  redirect_url: string;
  snap_js: string;
  client_key: string | null;
}

/**
 * POST /member/payment: the gateway token of a PENDING order of the signed-in member (or, for the
 * referral page, of the order whose unguessable public_id the prospective member holds). A held
 * token is answered again; a new one is requested only when none is held (spec/001 §4).
 */
export async function issuePaymentToken(owner: { memberId: number; noOrder: string } | { publicId: string; viaReferral: true }): Promise<PaymentToken> {
  const db = await getDb();
  const where = 'memberId' in owner
    ? sql`o.member_id = ${owner.memberId} and o.no_order = ${owner.noOrder}`
    : sql`o.public_id = ${owner.publicId}::uuid and o.via_referral`;
  const [order] = await selectRows<PayableOrder>(db, sql`
    select o.id::int as id, o.no_order, o.status_order, o.payment_method, o.payment_token, o.payment_redirect_url,
      o.total_bayar::float8 as total_bayar, o.total_harga::float8 as total_harga, o.biaya_kirim::float8 as biaya_kirim,
      o.asuransi_kirim::float8 as asuransi_kirim, o.biaya_pembayaran::float8 as biaya_pembayaran,
      o.diskon_biaya_kirim::float8 as diskon_biaya_kirim, o.expires_at::text as expires_at,
      coalesce(o.calon_member->>'nama', m.nama) as nama, coalesce(o.calon_member->>'email', m.email) as email,
      coalesce(o.calon_member->>'phone', m.phone) as phone
    from orders o join members m on m.id = o.member_id where ${where}`);
  if (!order) throw new AppError('NOT_FOUND', 'Order tidak ditemukan');
  if (order.status_order !== 'PENDING' || OFFLINE_METHODS.includes(order.payment_method ?? '')) throw new AppError('CONFLICT', NOT_PAYABLE);
  const gateway = paymentGateway();
  const script = gateway.snapJs();
  const answer = (token: string, redirect: string | null): PaymentToken => ({ token, redirect_url: redirect ?? '', snap_js: script.src, client_key: script.clientKey });
  if (order.payment_token) return answer(order.payment_token, order.payment_redirect_url);

  const details = await selectRows<{ id: string; price: number; quantity: number; name: string }>(db, sql`
    select p.kode as id, d.harga::float8 as price, d.qty as quantity, p.nama as name
    from order_details d join products p on p.id = d.product_id where d.order_id = ${order.id} order by d.id`);
  const extra = [
    { id: 'ONGKIR', price: order.biaya_kirim, quantity: 1, name: 'Ongkos kirim' },
    { id: 'ASURANSI', price: order.asuransi_kirim, quantity: 1, name: 'Asuransi pengiriman' },
    { id: 'BIAYA-LAYANAN', price: order.biaya_pembayaran, quantity: 1, name: 'Biaya Jasa Aplikasi' },
    { id: 'SUBSIDI-ONGKIR', price: -order.diskon_biaya_kirim, quantity: 1, name: 'Subsidi ongkos kirim' },
  ].filter((line) => line.price !== 0);
  const minutesLeft = order.expires_at ? Math.max(1, Math.floor((Date.parse(order.expires_at) - Date.now()) / 60_000)) : (await getSetting('order_expiry_hours')) * 60;
  let issued;
  try {
    issued = await gateway.createToken({
      orderId: order.no_order, grossAmount: order.total_bayar, items: [...details, ...extra],
      customer: { first_name: order.nama, email: order.email, phone: order.phone },
      enabledPayments: [order.payment_method ?? ''], expiryMinutes: minutesLeft,
    });
  } catch (error) {
    console.error(error);
    throw new AppError('CONFLICT', 'Layanan pembayaran sedang tidak dapat dihubungi, silakan coba lagi');
  }
  // Two tabs asking at once keep the first token stored.
  const [kept] = await selectRows<{ payment_token: string; payment_redirect_url: string | null }>(db, sql`
    update orders set payment_token = coalesce(payment_token, ${issued.token}),
      payment_redirect_url = coalesce(payment_redirect_url, ${issued.redirect_url})
    where id = ${order.id} and status_order = 'PENDING' returning payment_token, payment_redirect_url`);
  if (!kept) throw new AppError('CONFLICT', NOT_PAYABLE);
  return answer(kept.payment_token, kept.payment_redirect_url);
}
