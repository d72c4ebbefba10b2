import { getSetting } from '../settings';

/** GET /member/settings: what the order screens need to know (spec/001 §9: use_ppn). */
export async function getOrderSettings() {
  return {
    use_ppn: await getSetting('use_ppn'),
    order_expiry_hours: await getSetting('order_expiry_hours'),
    pickup_days: 14,
    transferbca: await getSetting('transfer_bca'),
  };
}
