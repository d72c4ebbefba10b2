import { z } from 'zod';

/**
 * The SUPERADMIN's settings forms (/admin/settings): one schema per group, Indonesian messages.
 * Numbers arrive from the form already read as numbers (NaN when not a number), so each message
 * names the field the operator has to fix.
 */
const whole = (label: string, max: number, min = 0) =>
  z
    .number({ error: `${label} harus diisi dengan angka` })
    .int(`${label} harus bilangan bulat`)
    .min(min, min === 0 ? `${label} tidak boleh negatif` : `${label} minimal ${min}`)
    .max(max, `${label} maksimal ${max.toLocaleString('id-ID')}`);
const rupiah = (label: string) => whole(label, 1_000_000_000);
const percent = (label: string) =>
  z
    .number({ error: `${label} harus diisi dengan angka` })
    .min(0, `${label} tidak boleh negatif`)
    .max(100, `${label} maksimal 100`)
    .refine((v) => Math.round(v * 100) === v * 100, `${label} paling banyak 2 angka di belakang koma`);
const perRank = (label: string, make: (l: string) => z.ZodNumber) =>
  z.object({
    BRONZE: make(`${label} BRONZE`),
    SILVER: make(`${label} SILVER`),
    PLATINUM: make(`${label} PLATINUM`),
  });

export const planSettingsSchema = z.object({
  sponsorPerBv: rupiah('Bonus sponsor per BV'),
  passupPerBv: rupiah('Bonus pass-up per BV'),
  pairPerBv: rupiah('Bonus pasangan per BV'),
  roPerBv: perRank('Bonus RO per BV', rupiah),
  roSponsorPerBv: rupiah('Bonus RO-sponsor per BV'),
  dailyPairCap: perRank('Batas pasangan harian', (l) => whole(l, 100_000, 1)),
  pairingDaysAtJoin: whole('Masa aktif pairing saat join (hari)', 3_650, 1),
  pairingDaysPerRo: whole('Tambahan masa aktif per RO (hari)', 3_650, 1),
  roActiveMinBv: whole('Minimal BV RO agar pairing aktif', 1_000, 0),
  adminFee: rupiah('Biaya admin penarikan'),
  minimumPayout: whole('Minimal penarikan', 1_000_000_000, 1),
  annualRanks: z
    .array(
      z.object({
        level: whole('Level', 100, 1),
        minimal_pair: whole('Minimal pasangan', 100_000_000, 1),
        nilai_bonus: rupiah('Nilai bonus'),
      }),
    )
    .min(1, 'Isi minimal satu peringkat tahunan')
    .refine(
      (ranks) => ranks.every((r, i) => i === 0 || (r.minimal_pair > ranks[i - 1]!.minimal_pair && r.level > ranks[i - 1]!.level)),
      'Level dan minimal pasangan peringkat tahunan harus naik berurutan',
    ),
  pphBasis: z.enum(['payment', 'month', 'year'], { error: 'Pilih dasar pemotongan PPh' }),
});
export type PlanSettings = z.infer<typeof planSettingsSchema>;

export const paymentSettingsSchema = z.object({
  methods: z
    .array(
      z.object({
        name: z.string(),
        aktif: z.boolean(),
        fix_charge: rupiah('Biaya tetap'),
        float_charge: percent('Biaya persen'),
        ppn: percent('PPN'),
      }),
    )
    .refine((methods) => methods.some((m) => m.aktif), 'Minimal satu metode pembayaran harus aktif'),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const shippingRateSettingsSchema = z.object({
  rates: z.array(
    z.object({
      code: z.string(),
      service: z.string(),
      perKg: z.array(rupiah('Tarif per kg')).length(4),
    }),
  ),
});
export type ShippingRateSettings = z.infer<typeof shippingRateSettingsSchema>;

/** The couriers offered on the order screens (spec/001 §3 Courier config): name and insurance rules. */
export const courierSettingsSchema = z.object({
  couriers: z.array(
    z.object({
      kode: z.string(),
      nama: z.string().trim().min(1, 'Nama kurir wajib diisi').max(50, 'Nama kurir paling banyak 50 karakter'),
      asuransi_fix: rupiah('Asuransi tetap'),
      asuransi_persen: percent('Asuransi persen'),
      wajib_asuransi: z.boolean(),
    }),
  ),
});
export type CourierSettings = z.infer<typeof courierSettingsSchema>;

export const subsidySettingsSchema = z.object({
  subsidies: z.array(
    z
      .object({
        id: z.number(),
        jenis: z.enum(['PERSENTASE', 'NOMINAL'], { error: 'Pilih jenis subsidi' }),
        tiers: z
          .array(z.object({ bv: whole('BV subsidi', 100_000, 1), value: rupiah('Nilai subsidi') }))
          .refine((tiers) => tiers.every((t, i) => i === 0 || t.bv > tiers[i - 1]!.bv), 'BV tingkat subsidi harus naik berurutan'),
      })
      .refine((s) => s.jenis !== 'PERSENTASE' || s.tiers.every((t) => t.value <= 100), 'Subsidi persentase maksimal 100'),
  ),
});
export type SubsidySettings = z.infer<typeof subsidySettingsSchema>;
