import { z } from 'zod';

/**
 * KEUANGAN's refund form (`/admin/keuangan/refund`): the whole order (`utuh`) or chosen lines of a
 * repeat order (`baris`: each line's public id with a quantity; empty quantities are not chosen).
 * There is no amount field: the money and BV come from the order (COMP_PLAN.md, Refunds).
 */
export const refundFormSchema = z
  .object({
    action: z.enum(['utuh', 'baris'], { message: 'Pilih refund seluruh order atau per barang' }),
    no_order: z.string().trim().min(1, 'Nomor order harus diisi').max(60, 'Nomor order tidak dikenal'),
    refund: z
      .union([z.literal(''), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)], {
        message: 'Refund yang menunggu penetapan tidak ditemukan',
      })
      .optional(),
    alasan: z.string().trim().max(500, 'Alasan paling panjang 500 karakter'),
    baris: z.array(z.string().uuid('Barang yang dipilih tidak ada di order ini')).max(100),
    qty: z
      .array(
        z
          .string()
          .trim()
          .regex(/^\d{0,6}$/, 'Jumlah barang harus bilangan bulat'),
      )
      .max(100),
  })
  .transform((f, ctx) => {
    const chosen = f.baris.flatMap((detail, i) => (f.qty[i] ? [{ detail, qty: Number(f.qty[i]) }] : [])).filter((b) => b.qty > 0);
    if (f.baris.length !== f.qty.length) ctx.addIssue({ code: 'custom', message: 'Pilih barang yang dikembalikan' });
    return {
      no_order: f.no_order,
      refund: f.refund === '' || f.refund === undefined ? undefined : f.refund,
      alasan: f.alasan,
      ...(f.action === 'baris' ? { baris: chosen } : {}),
    };
  });
export type RefundForm = z.output<typeof refundFormSchema>;
