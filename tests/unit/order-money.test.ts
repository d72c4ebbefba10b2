import { describe, expect, it } from 'vitest';
import { bvCap, canAddBv, checkItemStep, jenisFromFlags, upgradeTarget } from '../../src/lib/order/bv';
import { dppFor, feeBase, insuranceCost, orderTotals, paymentFee, ppnOf, priceProblem, taxBlock } from '../../src/lib/order/fees';
import { effectiveInsurance, etdDays, insuranceRule, shippingSubsidy, suggestService } from '../../src/lib/order/shipping';

describe('payment fee (spec/001 §9)', () => {
  it.each([
    [
      { name: 'credit_card', fix_charge: 2000, float_charge: 2.9, ppn: 11 },
      1_000_000,
      32_153,
      '((1,000,000 + 2,000×1.11) / 0.971) − 1,000,000 = 32,152.4 → up',
    ],
    [{ name: 'credit_card', fix_charge: 0, float_charge: 0, ppn: 11 }, 500_000, 0, 'no charges, no fee'],
    [{ name: 'bca_va', fix_charge: 4000, float_charge: 0, ppn: 11 }, 1_234_567, 4440, 'fixed 4,000 × 1.11'],
    [{ name: 'qris', fix_charge: 0, float_charge: 0.7, ppn: 11 }, 1_000_000, 7770, '7,000 × 1.11 exactly, no float noise'],
    [{ name: 'qris', fix_charge: 0, float_charge: 0.7, ppn: 11 }, 350_001, 2720, '2,450.007 × 1.11 = 2,719.5 → up'],
    [{ name: 'gopay', fix_charge: 0, float_charge: 2, ppn: 0 }, 99_999, 2000, '1,999.98 → up'],
  ])('%o on %i → %i (%s)', (method, total, fee, _why) => {
    expect(paymentFee(method, total)).toBe(fee);
  });
});

describe('insurance, totals and tax block', () => {
  it.each([
    [{ asuransi_persen: 0.2, asuransi_fix: 5000 }, 1_400_000, 7800, '1,400,000 × 0.2% + 5,000'],
    [{ asuransi_persen: 0.25, asuransi_fix: 0 }, 350_001, 876, '875.0025 → up'],
    [{ asuransi_persen: 0, asuransi_fix: 2500 }, 10, 2500, 'fixed only'],
  ])('%o on %i → %i (%s)', (courier, items, cost, _why) => {
    expect(insuranceCost(items, courier)).toBe(cost);
  });

  it('adds items, shipping, insurance and fee, and takes off the shipping discount', () => {
    const amounts = { itemsTotal: 700_000, ongkir: 24_000, asuransi: 1_400, diskon: 10_000 };
    expect(feeBase(amounts)).toBe(715_400);
    expect(orderTotals({ ...amounts, fee: 4440 }).total).toBe(719_840);
  });

  it('tax base is Σ qty × dpp and PPN the price total minus it', () => {
    expect(
      taxBlock([
        { qty: 2, harga: 350_000, dpp: 315_315 },
        { qty: 1, harga: 150_000, dpp: 135_135 },
      ]),
    ).toEqual({ total_harga: 850_000, total_dpp: 765_765, total_ppn: 84_235 });
  });
});

describe('shipping rules', () => {
  const services = [
    { code: 'jne', name: 'JNE', service: 'YES', description: 'Yakin Esok Sampai', etd: '1', cost: 38_000 },
    { code: 'jne', name: 'JNE', service: 'REG', description: 'Reguler', etd: '2-3', cost: 19_000 },
    { code: 'sicepat', name: 'SiCepat', service: 'REG', description: 'Reguler', etd: '2-3', cost: 17_000 },
    { code: 'pos', name: 'POS', service: 'Kilat', description: 'Kilat', etd: '4 HARI', cost: 12_000 },
  ];

  it('suggests the fastest, then cheapest, service above one day', () => {
    expect(suggestService(services)).toMatchObject({ code: 'sicepat', service: 'REG' });
    expect(suggestService(services.filter((s) => s.code !== 'sicepat'))).toMatchObject({ code: 'jne', service: 'REG' });
    expect(suggestService([services[0]!])).toBeUndefined();
    expect(etdDays('3 HARI')).toBe(3);
  });

  it('reads an estimate like "1-2" as its upper bound, so a 1-2 day service can be suggested', () => {
    expect(etdDays('1-2')).toBe(2);
    expect(etdDays('2-4 HARI')).toBe(4);
    expect(etdDays('1')).toBe(1);
    const rates = [
      { code: 'jne', name: 'JNE', service: 'YES', description: 'Yakin Esok Sampai', etd: '1', cost: 15_000 },
      { code: 'jne', name: 'JNE', service: 'REG', description: 'Reguler', etd: '1-2', cost: 9_000 },
      { code: 'pos', name: 'POS', service: 'Pos Reguler', description: 'Pos Reguler', etd: '2-3', cost: 7_000 },
    ];
    expect(suggestService(rates)).toMatchObject({ code: 'jne', service: 'REG' });
  });

  const persen = {
    id: 1,
    jenis: 'PERSENTASE' as const,
    tiers: [
      { bv: 1, value: 2 },
      { bv: 4, value: 5 },
    ],
  };
  it.each([
    [persen, { bv: 4, dpp: 1_261_261, cost: 90_000 }, 63_000, 'tier bv 4: 5% of 1,261,261 = 63,063 → thousands down'],
    [persen, { bv: 2, dpp: 630_630, cost: 90_000 }, 12_000, 'tier bv 1 is the highest ≤ 2: 12,612 → 12,000'],
    [persen, { bv: 4, dpp: 1_261_261, cost: 20_000 }, 20_000, 'capped at the shipping cost'],
    [persen, { bv: 0, dpp: 135_135, cost: 20_000 }, 0, 'no tier at 0 BV'],
    [
      { id: 2, jenis: 'NOMINAL' as const, tiers: [{ bv: 2, value: 15_000 }] },
      { bv: 2, dpp: 1, cost: 9_000 },
      9_000,
      'nominal capped at cost',
    ],
    [null, { bv: 4, dpp: 1_000_000, cost: 20_000 }, 0, 'no subsidy configured'],
  ])('%o %o → %i (%s)', (subsidi, order, amount, _why) => {
    expect(shippingSubsidy(subsidi, order)).toBe(amount);
  });

  it('offers, forces or refuses insurance by the courier config', () => {
    const base = { kode: 'pos', nama: 'POS Indonesia', asuransi_fix: 0, asuransi_persen: 0, wajib_asuransi: false };
    expect(insuranceRule(base)).toEqual({ offered: false, forced: false, message: 'Tidak ada opsi asuransi untuk ekpedisi POS Indonesia' });
    expect(insuranceRule({ ...base, asuransi_persen: 0.2 })).toEqual({ offered: true, forced: false, message: null });
    expect(insuranceRule({ ...base, asuransi_fix: 5000, wajib_asuransi: true })).toMatchObject({ forced: true });
    expect(effectiveInsurance({ ...base, asuransi_fix: 5000, wajib_asuransi: true }, false)).toBe(true);
    expect(effectiveInsurance(base, true)).toBe(false);
  });
});

describe('BV caps and the item step (spec/001 §5)', () => {
  it.each([
    ['registrasi', { tier: 'BRONZE', currentPosisi: 'SILVER' }, 1],
    ['registrasi', { tier: 'SILVER', currentPosisi: 'BRONZE' }, 2],
    ['registrasi', { tier: 'PLATINUM', currentPosisi: 'BRONZE' }, 4],
    ['upgrade', { currentPosisi: 'BRONZE' }, 3],
    ['upgrade', { currentPosisi: 'SILVER' }, 2],
    ['repeat-order', { currentPosisi: 'BRONZE' }, null],
  ] as const)('%s %o → cap %s', (jenis, ctx, cap) => {
    expect(bvCap(jenis, ctx)).toBe(cap);
  });

  it.each([
    ['registrasi', { tier: 'SILVER', currentPosisi: 'BRONZE', minBv: { SILVER: 2 } }, 0, 0, 'Anda harus memilih item terlebih dahulu'],
    [
      'registrasi',
      { tier: 'SILVER', currentPosisi: 'BRONZE', minBv: { SILVER: 2 } },
      1,
      1,
      'Total BV minimal untuk tipe SILVER adalah 2 BV',
    ],
    ['registrasi', { tier: 'SILVER', currentPosisi: 'BRONZE', minBv: { SILVER: 2 } }, 2, 1, null],
    ['registrasi', { tier: 'BRONZE', currentPosisi: 'BRONZE' }, 2, 1, 'Total BV tidak boleh melebihi 1 BV'],
    ['upgrade', { currentPosisi: 'BRONZE' }, 2, 1, 'Upgrade dari BRONZE tidak bisa 2 BV: pilih paket yang mencapai peringkat berikutnya'],
    ['upgrade', { currentPosisi: 'BRONZE' }, 1, 1, null],
    ['upgrade', { currentPosisi: 'BRONZE' }, 3, 2, null],
    ['upgrade', { currentPosisi: 'SILVER' }, 1, 1, 'Upgrade dari SILVER tidak bisa 1 BV: pilih paket yang mencapai peringkat berikutnya'],
    ['upgrade', { currentPosisi: 'PLATINUM' }, 1, 1, 'Member PLATINUM tidak dapat melakukan upgrade'],
    ['repeat-order', { currentPosisi: 'SILVER' }, 9, 3, null],
    ['repeat-order', { currentPosisi: 'SILVER' }, 0, 1, null],
  ] as const)('%s %o with %i BV in %i lines → %s', (jenis, ctx, bv, lines, message) => {
    expect(checkItemStep(jenis, ctx, bv, lines)).toBe(message);
  });

  it('names the rank an upgrade reaches and blocks the + button at the cap', () => {
    expect(upgradeTarget('BRONZE', 1)).toBe('SILVER');
    expect(upgradeTarget('BRONZE', 3)).toBe('PLATINUM');
    expect(upgradeTarget('SILVER', 2)).toBe('PLATINUM');
    expect(upgradeTarget('SILVER', 1)).toBeNull();
    expect(canAddBv(3, 2, 1)).toBe(true);
    expect(canAddBv(3, 3, 1)).toBe(false);
    expect(canAddBv(null, 99, 4)).toBe(true);
    expect(jenisFromFlags({ join_member: true, is_ro: false })).toBe('registrasi');
    expect(jenisFromFlags({ join_member: true, is_ro: true })).toBeUndefined();
  });
});

describe('a product price: dpp and PPN (INTEGRATIONS.md, PPN on goods)', () => {
  it('12% on a base of 11/12 is an effective 11%: dpp = harga / 1.11; other rates apply as written', () => {
    expect(dppFor(350_000, 12)).toBe(315_315);
    expect(ppnOf({ harga: 350_000, dpp: 315_315 })).toBe(34_685);
    expect(dppFor(111_000, 11)).toBe(100_000);
    expect(dppFor(90_000, 0)).toBe(90_000);
  });

  it('refuses a dpp above the price or off the rate by more than Rp 1, with the amount it should be', () => {
    expect(priceProblem({ harga: 350_000, dpp: 315_315, persen_ppn: 12 })).toBeNull();
    expect(priceProblem({ harga: 350_000, dpp: 315_316, persen_ppn: 12 })).toBeNull();
    expect(priceProblem({ harga: 100_000, dpp: 100_001, persen_ppn: 0 })).toBe(
      'DPP tidak boleh lebih besar dari harga (PPN = harga − DPP)',
    );
    expect(priceProblem({ harga: 100_000, dpp: 100_000, persen_ppn: 12 })).toBe(
      'DPP tidak sesuai harga dan PPN 12%: seharusnya Rp\u00a090.090 (kosongkan DPP agar dihitung otomatis)',
    );
  });
});
