import { today } from '../../../lib/calendar';
import { checkItemStep, type OrderJenis } from '../../../lib/order/bv';
import { feeBase, insuranceCost, orderTotals, paymentFee, taxBlock } from '../../../lib/order/fees';
import { effectiveInsurance, shippingSubsidy } from '../../../lib/order/shipping';
import type { Rank } from '../../../lib/rank';
import { type CartLine, orderMessages } from '../../../lib/schemas/order';
import type { Db } from '../../db/client';
import { findActiveProducts } from '../../db/queries/products';
import { findWarehouse } from '../../db/queries/warehouses';
import { AppError } from '../../errors';
import { getSetting } from '../settings';
import { mergeCart } from './find-warehouses';
import { findPaymentMethod } from './list-payment-methods';
import { quoteShipping, subsidyFor } from './quote-shipping';

export interface PricedLine {
  productId: number;
  nama: string;
  harga: number;
  qty: number;
  value: number;
  berat: number;
  dpp: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  gudang: { id: number; nama: string };
  totalBv: number;
  totalHarga: number;
  totalBerat: number;
  ongkir: number;
  diskon: number;
  asuransi: number;
  fee: number;
  total: number;
  isPpn: boolean;
  totalDpp: number;
  totalPpn: number;
  ekspedisi: string | null;
}

export interface PriceRequest {
  jenis: OrderJenis;
  tier?: Rank | null;
  currentPosisi: Rank;
  details: CartLine[];
  gudangPublicId: string;
  pickup: boolean;
  /** Destination village for delivery orders. */
  kelurahanId?: string | null;
  ekspedisi?: string | null;
  clientOngkir?: number;
  isAsuransi: boolean;
  paymentMethod: string;
}

export const SHIPPING_CHANGED = 'Ongkos kirim telah berubah, silakan pilih ulang layanan pengiriman';
export const GUDANG_UNAVAILABLE = 'Paket/Item yang Anda pilih tidak tersedia, Pilih jenis pengiriman lain.';

/**
 * Every rupiah of an order, computed on the server from the catalogue, the warehouse, the
 * shipping quote and the payment method (spec/001 §9); the client's figures are only compared.
 * Reads only, outside the order's transaction (PGlite has one connection: a read through the
 * pool while a transaction is open would wait on it).
 */
export async function priceOrder(tx: Db, req: PriceRequest): Promise<PricedOrder> {
  const cart = mergeCart(req.details);
  const kategori = req.jenis === 'repeat-order' ? 'PRODUK' : 'PAKET';
  // The price in effect on the day the order is made; its lines keep it whatever changes later.
  const products = await findActiveProducts(
    tx,
    cart.map((l) => l.id),
    kategori,
    today(),
  );
  const lines = cart.map((l) => {
    const p = products.find((x) => x.publicId === l.id);
    if (!p) throw new AppError('BAD_INPUT', orderMessages.item);
    return { productId: p.id, nama: p.nama, harga: p.harga, qty: l.qty, value: p.value, berat: p.berat, dpp: p.dpp };
  });
  const totalBv = lines.reduce((s, l) => s + l.value * l.qty, 0);
  const itemMessage = checkItemStep(
    req.jenis,
    { tier: req.tier, currentPosisi: req.currentPosisi, minBv: await getSetting('min_bv') },
    totalBv,
    lines.length,
  );
  if (itemMessage) throw new AppError('BAD_INPUT', itemMessage);
  const tax = taxBlock(lines);
  const totalBerat = lines.reduce((s, l) => s + l.berat * l.qty, 0);

  const gudang = await findWarehouse(tx, req.gudangPublicId);
  if (!gudang || !(req.pickup ? gudang.isPickup : gudang.isOnline)) throw new AppError('BAD_INPUT', GUDANG_UNAVAILABLE);

  let ongkir = 0;
  let diskon = 0;
  let asuransi = 0;
  let ekspedisi: string | null = null;
  if (!req.pickup) {
    if (!req.kelurahanId) throw new AppError('BAD_INPUT', orderMessages.alamat);
    if (!req.ekspedisi) throw new AppError('BAD_INPUT', orderMessages.ekspedisi);
    const [code, service] = req.ekspedisi.split('|');
    const quote = await quoteShipping({ gudangPublicId: req.gudangPublicId, kelurahanId: req.kelurahanId, weight: totalBerat });
    const chosen = quote.couriers.find((c) => c.code === code && c.service === service);
    if (!chosen) throw new AppError('BAD_INPUT', orderMessages.ekspedisi);
    if (req.clientOngkir !== undefined && req.clientOngkir !== chosen.cost) throw new AppError('CONFLICT', SHIPPING_CHANGED);
    ongkir = chosen.cost;
    diskon = shippingSubsidy(await subsidyFor(gudang.nama), { bv: totalBv, dpp: tax.total_dpp, cost: chosen.cost });
    const courier = quote.ekspedisi.find((c) => c.kode === code);
    if (courier && effectiveInsurance(courier, req.isAsuransi)) asuransi = insuranceCost(tax.total_harga, courier);
    ekspedisi = `${code}|${service}`;
  }
  const method = await findPaymentMethod(req.paymentMethod);
  if (!method) throw new AppError('BAD_INPUT', orderMessages.payment);
  const base = { itemsTotal: tax.total_harga, ongkir, asuransi, diskon };
  const totals = orderTotals({ ...base, fee: paymentFee(method, feeBase(base)) });
  const isPpn = (await getSetting('use_ppn')) === 'true';
  return {
    lines,
    gudang: { id: gudang.id, nama: gudang.nama },
    totalBv,
    totalHarga: tax.total_harga,
    totalBerat,
    ongkir,
    diskon,
    asuransi,
    fee: totals.fee,
    total: totals.total,
    isPpn,
    totalDpp: isPpn ? tax.total_dpp : 0,
    totalPpn: isPpn ? tax.total_ppn : 0,
    ekspedisi,
  };
}
