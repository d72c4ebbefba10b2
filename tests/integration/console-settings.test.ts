import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/server/db/client';
import { auditLog, settings } from '../../src/server/db/schema';
import { getPlan } from '../../src/server/services/bonus/get-plan';
import { decideSettingProposal } from '../../src/server/services/operator/decide-setting-proposal';
import { getSettings } from '../../src/server/services/operator/get-settings';
import type { SessionOperator } from '../../src/server/services/operator/operator-sessions';
import { formNumber, type SettingGroup } from '../../src/server/services/operator/setting-groups';
import { SETTINGS_PROPOSED, SETTINGS_UNCHANGED, updateSettingGroup } from '../../src/server/services/operator/update-setting-group';
import { listPaymentMethods } from '../../src/server/services/order/list-payment-methods';
import { getSetting } from '../../src/server/services/settings';
import { demoOperator, fieldsOf } from './settings-form';

const operator = (username: string): Promise<SessionOperator> => demoOperator(username, 'set-test-');

const formOf = async (group: SettingGroup) => fieldsOf((await getSettings(await operator('superadmin')))[group]);
const settingAudit = async (key: string) =>
  (await getDb())
    .select()
    .from(auditLog)
    .where(eq(auditLog.object, `setting:${key}`))
    .orderBy(auditLog.id);
/** A form saved by `superadmin` and approved at once by the second SUPERADMIN (the four-eyes flow of ADR 0023). */
const save = async (admin: SessionOperator, group: SettingGroup, fields: Record<string, string>) => {
  const proposed = await updateSettingGroup(admin, group, fields);
  if (proposed.proposal) await decideSettingProposal(await operator('superadmin2'), proposed.proposal, 'setujui');
  return proposed;
};
const settingRow = async (key: string) => (await (await getDb()).select().from(settings).where(eq(settings.key, key)))[0];

describe('settings forms (SUPERADMIN)', () => {
  it('reads Indonesian numbers', () => {
    expect(formNumber('4.000')).toBe(4000);
    expect(formNumber('0,7')).toBe(0.7);
    expect(formNumber('Rp 5000')).toBe(5000);
    expect(formNumber('')).toBeNaN();
    expect(formNumber('12abc')).toBeNaN();
  });

  it('a fee change takes effect, is audited before/after and shows in the history', async () => {
    const admin = await operator('superadmin');
    const form = await formOf('pembayaran');
    const i = (await getSettings(admin)).pembayaran.methods.findIndex((m) => m.name === 'bca_va');
    expect(form[`methods.${i}.fix_charge`]).toBe('4000');
    const saved = await save(admin, 'pembayaran', { ...form, [`methods.${i}.fix_charge`]: '5.500' });
    expect(saved).toEqual({ message: SETTINGS_PROPOSED, changed: ['payment_methods'], proposal: expect.any(Number) });
    expect((await listPaymentMethods()).find((m) => m.name === 'bca_va')).toMatchObject({
      fix_charge: 5500,
      label: 'BCA Virtual Account',
      icon: '/payments/bca.svg',
    });
    const [audit] = await settingAudit('payment_methods');
    // Written when the second SUPERADMIN approved it.
    expect(audit).toMatchObject({ action: 'setting:update', operatorNama: 'Sandi Superadmin' });
    expect((audit!.before as { name: string; fix_charge: number }[]).find((m) => m.name === 'bca_va')!.fix_charge).toBe(4000);
    const history = (await getSettings(admin)).history.payment_methods!;
    expect(history[0]).toMatchObject({
      operatorNama: 'Sandi Superadmin',
      changes: [{ path: '[bca_va].fix_charge', before: '4000', after: '5500' }],
    });
    // The same form again changes nothing and writes no audit row.
    expect((await updateSettingGroup(admin, 'pembayaran', await formOf('pembayaran'))).message).toBe(SETTINGS_UNCHANGED);
    expect(await settingAudit('payment_methods')).toHaveLength(1);
  });

  it('switches a payment method off and on', async () => {
    const admin = await operator('superadmin');
    const form = await formOf('pembayaran');
    const i = (await getSettings(admin)).pembayaran.methods.findIndex((m) => m.name === 'qris');
    const { [`methods.${i}.aktif`]: _, ...off } = form;
    expect((await save(admin, 'pembayaran', off)).changed).toEqual(['payment_methods_off']);
    expect(await getSetting('payment_methods_off')).toEqual(['qris']);
    expect((await listPaymentMethods()).map((m) => m.name)).not.toContain('qris');
    await save(admin, 'pembayaran', form);
    expect((await listPaymentMethods()).map((m) => m.name)).toContain('qris');
    expect((await settingAudit('payment_methods_off')).map((a) => [a.before, a.after])).toEqual([
      [[], ['qris']],
      [['qris'], []],
    ]);
  });

  it('bad input is refused with an Indonesian message and changes nothing', async () => {
    const admin = await operator('superadmin');
    const before = await settingRow('payment_methods');
    const planBefore = await settingRow('bonus_plan');
    // Settings audit rows only: each formOf() signs an operator in, and a sign-in is an audit row of its own (issue #26).
    const settingsAudit = async () => (await (await getDb()).select().from(auditLog).where(like(auditLog.object, 'setting:%'))).length;
    const auditBefore = await settingsAudit();
    const form = await formOf('pembayaran');
    const cases: [SettingGroup, Record<string, string>, string][] = [
      ['pembayaran', { ...form, 'methods.0.fix_charge': 'empat ribu' }, 'Biaya tetap harus diisi dengan angka'],
      ['pembayaran', { ...form, 'methods.0.fix_charge': '-1' }, 'Biaya tetap tidak boleh negatif'],
      ['pembayaran', { ...form, 'methods.0.float_charge': '2,555' }, 'Biaya persen paling banyak 2 angka di belakang koma'],
      [
        'pembayaran',
        Object.fromEntries(Object.entries(form).filter(([k]) => !k.endsWith('.aktif'))),
        'Minimal satu metode pembayaran harus aktif',
      ],
      ['rencana', { ...(await formOf('rencana')), pairPerBv: '' }, 'Bonus pasangan per BV harus diisi dengan angka'],
      ['rencana', { ...(await formOf('rencana')), 'dailyPairCap.SILVER': '0' }, 'Batas pasangan harian SILVER minimal 1'],
      [
        'rencana',
        { ...(await formOf('rencana')), 'annualRanks.1.minimal_pair': '50' },
        'Level dan minimal pasangan peringkat tahunan harus naik berurutan',
      ],
      ['rencana', { ...(await formOf('rencana')), pphBasis: 'minggu' }, 'Pilih dasar pemotongan PPh'],
      ['subsidi', { ...(await formOf('subsidi')), 'subsidies.0.tiers.1.value': '150' }, 'Subsidi persentase maksimal 100'],
      ['ongkir', { ...(await formOf('ongkir')), 'rates.0.perKg.3': '1,5' }, 'Tarif per kg harus bilangan bulat'],
    ];
    for (const [group, fields, message] of cases) {
      await expect(updateSettingGroup(admin, group, fields), message).rejects.toMatchObject({ code: 'BAD_INPUT', message });
    }
    expect(await settingRow('payment_methods')).toEqual(before);
    expect(await settingRow('bonus_plan')).toEqual(planBefore);
    expect(await settingsAudit()).toBe(auditBefore);
  });

  it('plan numbers reach the engine; shipping rates and subsidy tiers can be changed and added', async () => {
    const admin = await operator('superadmin');
    const plan = await formOf('rencana');
    await save(admin, 'rencana', { ...plan, pairPerBv: '55000', 'dailyPairCap.BRONZE': '10', pphBasis: 'month' });
    expect(await getPlan()).toMatchObject({
      pairPerBv: 55_000,
      dailyPairCap: { BRONZE: 10, SILVER: 24, PLATINUM: 48 },
      pphBasis: 'month',
      sponsorPerBv: 100_000,
    });
    const changes = (await getSettings(admin)).history.bonus_plan![0]!.changes.map((c) => `${c.path}: ${c.before} → ${c.after}`);
    expect(changes.sort()).toEqual(['dailyPairCap.BRONZE: 12 → 10', 'pairPerBv: 50000 → 55000', 'pphBasis: "payment" → "month"']);

    await save(admin, 'ongkir', { ...(await formOf('ongkir')), 'rates.0.perKg.0': '9500' });
    expect((await getSetting('shipping_rates'))[0]).toMatchObject({
      code: 'jne',
      service: 'REG',
      perKg: [9500, 12000, 19000, 38000],
      etd: ['1-2', '2-3', '2-4', '4-6'],
    });

    // A tier typed into the first blank row is added; a row emptied is removed.
    await save(admin, 'subsidi', {
      ...(await formOf('subsidi')),
      'subsidies.0.tiers.2.bv': '8',
      'subsidies.0.tiers.2.value': '6',
    });
    expect((await getSetting('shipping_subsidies'))[0]!.tiers).toEqual([
      { bv: 2, value: 2 },
      { bv: 4, value: 4 },
      { bv: 8, value: 6 },
    ]);
    await save(admin, 'subsidi', {
      ...(await formOf('subsidi')),
      'subsidies.0.tiers.0.bv': '',
      'subsidies.0.tiers.0.value': '',
    });
    expect((await getSetting('shipping_subsidies'))[0]!.tiers).toEqual([
      { bv: 4, value: 4 },
      { bv: 8, value: 6 },
    ]);
  });

  it('is SUPERADMIN only', async () => {
    for (const username of ['cs', 'gudang', 'keuangan', 'konten']) {
      const who = await operator(username);
      await expect(getSettings(who)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(updateSettingGroup(who, 'pembayaran', {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
  });
});
