import { z } from 'zod';
import { RETUR_COURIERS, RETUR_PAGE_SIZE, returMessages } from '../retur-rules';
import { calendarDate, rangeMessages } from './date-range';

export * from '../retur-rules';

export const RETUR_SORTABLE = ['tanggal', 'no_order', 'no_retur', 'status'] as const;

export const ReturListQuerySchema = z
  .object({
    from: calendarDate(rangeMessages.both),
    to: calendarDate(rangeMessages.both),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    page_size: z.coerce.number().int().min(1).max(100).catch(RETUR_PAGE_SIZE),
    orderby: z.enum(RETUR_SORTABLE).catch('tanggal'),
    order: z.enum(['asc', 'desc']).catch('desc'),
    member: z.array(z.string().regex(/^\d{1,20}$/)).catch([]),
  })
  .refine((q) => q.from <= q.to, { message: rangeMessages.order, path: ['to'] });
export type ReturListQuery = z.infer<typeof ReturListQuerySchema>;

const uuid = z.string().regex(/^[0-9a-f-]{36}$/i);

export const ReturDetailInputSchema = z.object({
  detail_id: uuid,
  qty: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: returMessages.qty }).int(returMessages.qty).min(1, returMessages.qty),
  ),
});

/** The create-return fields besides the files (spec/001 §7): details is a JSON of detail_id and qty. */
export const ReturCreateSchema = z
  .object({
    no_invoice: z.string({ error: returMessages.invoice }).trim().min(1, returMessages.invoice).max(60, returMessages.invoice),
    deskripsi: z
      .string({ error: returMessages.deskripsi })
      .trim()
      .min(1, returMessages.deskripsi)
      .max(1000, 'Alasan maksimal 1000 karakter'),
    same_address: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on' || v === 'Y', z.boolean()),
    saved_address: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(60).optional()),
    details: z.preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v);
        } catch {
          return undefined;
        }
      },
      z.array(ReturDetailInputSchema, { error: returMessages.noItems }).min(1, returMessages.noItems).max(100),
    ),
  })
  .refine((v) => v.same_address || Boolean(v.saved_address), { message: returMessages.address, path: ['saved_address'] });
export type ReturCreateInput = z.infer<typeof ReturCreateSchema>;

export const ReturResiSchema = z.object({
  public_id: uuid,
  ekspedisi: z.preprocess(
    (v) => (typeof v === 'string' ? v.split('|')[0] : v),
    z.enum(RETUR_COURIERS.map((c) => c.code) as [string, ...string[]], { error: returMessages.ekspedisi }),
  ),
  resi: z
    .string({ error: returMessages.resi })
    .trim()
    .min(1, returMessages.resi)
    .max(40, 'Nomor resi maksimal 40 karakter')
    .regex(/^[A-Za-z0-9-]+$/, 'Nomor resi hanya huruf, angka dan tanda minus'),
});
