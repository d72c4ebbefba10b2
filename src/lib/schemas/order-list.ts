import { z } from 'zod';
import { calendarDate, rangeMessages } from './date-range';

/** The statuses the order list offers as a filter (spec/001 §2, Order list). */
export const ORDER_FILTER_STATUSES = ['PENDING', 'PAID', 'PICKUPABLE', 'DELIVERY', 'RECEIVED', 'DONE', 'CANCEL', 'EXPIRED'] as const;

/** Columns the list may be sorted by (a whitelist: the name reaches the SQL only through this map). */
export const ORDER_SORT_COLUMNS = ['tgl_order', 'no_order', 'no_invoice', 'jenis_order', 'total_bayar', 'status_order'] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

export const ORDER_PAGE_SIZE = 10;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Order list filters (spec/001 §2, §7): tgl_order between (both ends), status_order in, search on
 * no_order/no_invoice, member in (public_ids of members this member registered), sort, paging
 * (default 10). Unknown statuses, members or sort columns are dropped rather than refused.
 */
export const OrderListQuerySchema = z
  .object({
    from: calendarDate(rangeMessages.both),
    to: calendarDate(rangeMessages.both),
    status: z
      .array(z.string())
      .catch([])
      .transform((list) => ORDER_FILTER_STATUSES.filter((s) => list.includes(s))),
    search: z
      .string()
      .trim()
      .max(50, 'Pencarian maksimal 50 karakter')
      .optional()
      .transform((s) => s || undefined),
    /** The registered members' public_ids (opt_member ids) or ID Members. */
    member: z
      .array(z.string())
      .catch([])
      .transform((list) => list.filter((id) => uuid.test(id) || /^\d{10}$/.test(id)).slice(0, 100)),
    orderby: z.enum(ORDER_SORT_COLUMNS).catch('tgl_order'),
    order: z.enum(['asc', 'desc']).catch('desc'),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    page_size: z.coerce.number().int().min(1).max(100).catch(ORDER_PAGE_SIZE),
  })
  .refine((q) => q.from <= q.to, { message: rangeMessages.order, path: ['to'] });
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/** Mark done (spec/001 §7): the order's public_id, and optionally its no_order as a check. */
export const MarkDoneSchema = z.object({
  id: z.string().default(''),
  no_order: z.string().trim().max(60).optional(),
});

/** Tracking (spec/001 §7): public_id, waybill, courier (the part of ekspedisi before the pipe). */
export const WaybillSchema = z.object({
  public_id: z.string({ error: 'Order tidak ditemukan' }).regex(uuid, 'Order tidak ditemukan'),
  waybill: z.string({ error: 'Masukkan Nomor Resi' }).trim().min(1, 'Masukkan Nomor Resi').max(60, 'Nomor resi tidak valid'),
  courier: z
    .string({ error: 'Pilih Ekspedisi' })
    .trim()
    .min(1, 'Pilih Ekspedisi')
    .max(20, 'Ekspedisi tidak valid')
    .transform((c) => c.split('|')[0]!.toLowerCase()),
});

export const isUuid = (value: string): boolean => uuid.test(value);
