import { getDb } from '../../db/client';
import { keepPaymentToken, payableOrder, paymentItems } from '../../db/queries/orders';
import { AppError } from '../../errors';
import { paymentGateway } from '../../integrations/payment';
import { getSetting } from '../settings';

/** Methods paid outside the gateway (spec/001 §4: no pay-now button). */
export const OFFLINE_METHODS = ['cash', 'transferbca'];

export const NOT_PAYABLE = 'Order ini tidak menunggu pembayaran online';

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
export async function issuePaymentToken(
  owner: { memberId: number; noOrder: string } | { publicId: string; viaReferral: true },
): Promise<PaymentToken> {
  const db = await getDb();
  const order = await payableOrder(db, 'memberId' in owner ? owner : { publicId: owner.publicId });
  if (!order) throw new AppError('NOT_FOUND', 'Order tidak ditemukan');
  if (order.status_order !== 'PENDING' || OFFLINE_METHODS.includes(order.payment_method ?? '')) throw new AppError('CONFLICT', NOT_PAYABLE);
  const gateway = paymentGateway();
  const script = gateway.snapJs();
  const answer = (token: string, redirect: string | null): PaymentToken => ({
    token,
    redirect_url: redirect ?? '',
    snap_js: script.src,
    client_key: script.clientKey,
  });
  if (order.payment_token) return answer(order.payment_token, order.payment_redirect_url);

  const details = await paymentItems(db, order.id);
  const extra = [
    { id: 'ONGKIR', price: order.biaya_kirim, quantity: 1, name: 'Ongkos kirim' },
    { id: 'ASURANSI', price: order.asuransi_kirim, quantity: 1, name: 'Asuransi pengiriman' },
    { id: 'BIAYA-LAYANAN', price: order.biaya_pembayaran, quantity: 1, name: 'Biaya Jasa Aplikasi' },
    { id: 'SUBSIDI-ONGKIR', price: -order.diskon_biaya_kirim, quantity: 1, name: 'Subsidi ongkos kirim' },
  ].filter((line) => line.price !== 0);
  const minutesLeft = order.expires_at
    ? Math.max(1, Math.floor((Date.parse(order.expires_at) - Date.now()) / 60_000))
    : (await getSetting('order_expiry_hours')) * 60;
  let issued: Awaited<ReturnType<typeof gateway.createToken>>;
  try {
    issued = await gateway.createToken({
      orderId: order.no_order,
      grossAmount: order.total_bayar,
      items: [...details, ...extra],
      customer: { first_name: order.nama, email: order.email, phone: order.phone },
      enabledPayments: [order.payment_method ?? ''],
      expiryMinutes: minutesLeft,
    });
  } catch (error) {
    console.error(error);
    throw new AppError('CONFLICT', 'Layanan pembayaran sedang tidak dapat dihubungi, silakan coba lagi');
  }
  // Two tabs asking at once keep the first token stored.
  const kept = await keepPaymentToken(db, order.id, issued);
  if (!kept) throw new AppError('CONFLICT', NOT_PAYABLE);
  return answer(kept.payment_token, kept.payment_redirect_url);
}
