import { code128Svg } from '../../integrations/barcode/code128';
import { getSetting } from '../settings';
import { type Actor, assertRole } from './assert-role';
import { loadPrintOrders, printSelection } from './print-orders';

export const LABEL_SIZES = ['a6', 'a4'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/**
 * The printable label page (/admin/orders/label, issue #26): per selected order the recipient,
 * sender, courier and a Code 128 barcode of the waybill and of the order number (server-side
 * SVG, the decoded text printed beside each), for A6/thermal rolls or four to an A4 sheet.
 * A refunded order carries its mark. GUDANG (and SUPERADMIN).
 */
export async function labelSheet(by: Actor, numbers: string[]) {
  assertRole(by, ['GUDANG']);
  const orders = await loadPrintOrders(printSelection(numbers));
  return {
    company: await getSetting('company_name'),
    labels: orders.map((order) => ({
      ...order,
      barcodeResi: order.no_resi ? code128Svg(order.no_resi, `Barcode resi ${order.no_resi}`) : null,
      barcodeOrder: code128Svg(order.no_order, `Barcode No Order ${order.no_order}`),
    })),
  };
}
