import { z } from 'zod';
import { ORDER_JENIS } from '../order/bv';

/** Schemas of the order calls (spec/001 §7). The member step's own schema is order-member.ts. */

const bool = z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean());
const publicId = (message: string) => z.string({ error: message }).uuid(message);
const villageCode = (message: string) => z.string({ error: message }).regex(/^\d{2}\.\d{2}\.\d{2}\.\d{4}$/, message);

export const orderMessages = {
  items: 'Anda harus memilih item terlebih dahulu',
  item: 'Item tidak valid',
  qty: 'Jumlah item tidak valid',
  gudang: 'Pilih gudang pengiriman',
  jenisKirim: 'Pilih jenis pengiriman',
  alamat: 'Belum ada alamat pengiriman dipilih',
  ekspedisi: 'Pilih kurir dan layanan pengiriman',
  payment: 'Pilih pembayaran!',
  jenis: 'Jenis transaksi tidak valid',
  clientRef: 'Permintaan tidak valid, muat ulang halaman',
  member: 'Lengkapi data calon member',
  noOrder: 'Nomor order tidak valid',
} as const;

export const CartLineSchema = z.object({
  id: publicId(orderMessages.item),
  qty: z.coerce.number({ error: orderMessages.qty }).int(orderMessages.qty).min(1, orderMessages.qty).max(999, orderMessages.qty),
});
export type CartLine = z.infer<typeof CartLineSchema>;

const cart = z.array(CartLineSchema, { error: orderMessages.items }).min(1, orderMessages.items).max(50, orderMessages.items);

export const ProductQuerySchema = z.object({
  jenis: z.enum(ORDER_JENIS).catch('repeat-order'),
  page_size: z.coerce.number().int().min(1).max(100).catch(100),
});

export const GudangQuerySchema = z.object({
  carts: cart,
  is_online_pickup: bool.default(false),
  is_offline_pickup: bool.default(false),
});

export const ShippingCostSchema = z.object({
  originType: z.literal('subdistrict').catch('subdistrict'),
  origin: z.string().optional(),
  kelurahan_id: villageCode(orderMessages.alamat),
  weight: z.coerce
    .number({ error: 'Berat tidak valid' })
    .int('Berat tidak valid')
    .min(1, 'Berat tidak valid')
    .max(500_000, 'Berat tidak valid'),
  gudang_id: publicId(orderMessages.gudang),
  bv: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type ShippingCostQuery = z.infer<typeof ShippingCostSchema>;

/** The ship-to of the public referral page, typed by the prospective member (no saved addresses). */
export const ShipToSchema = z.object({
  nama: z.string({ error: 'Masukkan nama penerima' }).trim().min(1, 'Masukkan nama penerima').max(60, 'Masukkan nama penerima'),
  phone: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[^\d]/g, '') : v),
    z.string({ error: 'Masukkan nomor telepon' }).min(8, 'Masukkan nomor telepon').max(20, 'Masukkan nomor telepon'),
  ),
  alamat: z
    .string({ error: 'Alamat lengkap pengiriman tidak boleh kosong' })
    .trim()
    .min(1, 'Alamat lengkap pengiriman tidak boleh kosong')
    .max(300),
  kelurahan_id: villageCode('Pilih kelurahan'),
  kode_pos: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{5}$/, 'Kode pos harus terdiri dari 5 digit angka')
      .optional(),
  ),
});
export type ShipTo = z.infer<typeof ShipToSchema>;

/**
 * POST /member/transaction (spec/001 §7 Create order). Amounts sent by the client (biaya_kirim)
 * are only compared: the server computes every rupiah itself. `member` is checked separately
 * with the member step's schema.
 */
export const CreateOrderSchema = z.object({
  client_ref: z.string({ error: orderMessages.clientRef }).regex(/^[A-Za-z0-9-]{8,64}$/, orderMessages.clientRef),
  pickup_store: bool.default(false),
  id_gudang: publicId(orderMessages.gudang),
  id_kirim: z.string().uuid(orderMessages.alamat).optional().nullable(),
  biaya_kirim: z.coerce.number().int().min(0).optional(),
  ekspedisi: z
    .string()
    .regex(/^[a-z0-9_-]{2,20}\|[A-Za-z0-9 _.-]{1,40}$/, orderMessages.ekspedisi)
    .optional()
    .nullable(),
  subsidi_ongkir_id: z.coerce.number().int().optional().nullable(),
  is_asuransi: bool.default(false),
  details: cart,
  payment_method: z.string({ error: orderMessages.payment }).regex(/^[a-z_]{2,30}$/, orderMessages.payment),
  join_member: bool.default(false),
  upgrade_member: bool.default(false),
  is_ro: bool.default(false),
  member: z.record(z.string(), z.unknown()).optional().nullable(),
});
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;

/** The public referral page's create call: the same order plus the referral code and a typed ship-to. */
export const ReferralOrderSchema = CreateOrderSchema.extend({
  joinme: z.string({ error: 'Kode referal tidak valid' }).trim().min(1, 'Kode referal tidak valid').max(40, 'Kode referal tidak valid'),
  kirim: ShipToSchema,
});
export type ReferralOrderInput = z.infer<typeof ReferralOrderSchema>;

export const PaymentRequestSchema = z.object({
  no_order: z.string({ error: orderMessages.noOrder }).regex(/^[A-Z0-9-]{6,40}$/, orderMessages.noOrder),
});

export const UsernameCheckSchema = z.object({
  check: z.object(
    {
      username: z.string({ error: 'Masukkan username' }).max(60, 'Masukkan username'),
      fullName: z.string().max(120).optional().default(''),
    },
    { error: 'Masukkan username' },
  ),
});

export const EmailCheckSchema = z.object({
  email: z.string({ error: 'Email tidak valid' }).max(254, 'Email tidak valid'),
});
