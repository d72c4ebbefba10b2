import { TRACKABLE_STATUSES } from '../../../lib/order-status';
import { getDb } from '../../db/client';
import { AppError } from '../../errors';
import { trackShipment } from '../../integrations/shipping/tracking';
import type { SessionMember } from '../auth/session-member';
import { findOwnOrder, ORDER_NOT_FOUND } from './get-order-detail';

export const NOT_TRACKABLE = 'Pengiriman order ini belum dapat dilacak';

/**
 * POST /member/shipping-waybill (spec/001 §7): the manifest of the member's own order, only for its
 * own waybill and while DELIVERY, RECEIVED or DONE. Another member's order is a 404.
 */
export async function trackOrder(member: SessionMember, input: { public_id: string; waybill: string; courier: string }) {
  const order = await findOwnOrder(await getDb(), member, input.public_id);
  if (!order.no_resi || order.no_resi !== input.waybill) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  if (!(TRACKABLE_STATUSES as readonly string[]).includes(order.status_order)) throw new AppError('CONFLICT', NOT_TRACKABLE);
  const courier = (order.ekspedisi ?? '').split('|')[0] || input.courier;
  const result = await trackShipment({ orderId: order.id, waybill: order.no_resi, courier, phone: order.phone_kirim });
  return { rajaongkir: { result: { manifest: result.manifest, delivered: result.delivered, waybill: order.no_resi, courier } } };
}
