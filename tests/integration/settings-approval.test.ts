import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, jakartaDate, jakartaMoment } from '../../src/lib/calendar';
import { getDb, selectRows } from '../../src/server/db/client';
import { PROPOSAL_MESSAGES } from '../../src/server/domain/setting-proposal-status';
import { getPlan, getPlanOn } from '../../src/server/services/bonus/get-plan';
import { applySettingProposals } from '../../src/server/services/operator/apply-setting-proposals';
import {
  decideSettingProposal,
  PROPOSAL_LIVE,
  PROPOSAL_REJECTED,
  proposalScheduled,
} from '../../src/server/services/operator/decide-setting-proposal';
import { getSettings } from '../../src/server/services/operator/get-settings';
import { listSettingProposals } from '../../src/server/services/operator/list-setting-proposals';
import type { SessionOperator } from '../../src/server/services/operator/operator-sessions';
import {
  SETTINGS_DATE_INVALID,
  SETTINGS_OPEN,
  SETTINGS_PROPOSED,
  updateSettingGroup,
} from '../../src/server/services/operator/update-setting-group';
import { getSetting } from '../../src/server/services/settings';
import { demoOperator, fieldsOf } from './settings-form';

const operator = (username: string): Promise<SessionOperator> => demoOperator(username, 'approval-');
const alfamartFee = async () => (await getSetting('payment_methods')).find((m) => m.name === 'alfamart')!.fix_charge;
const audits = async (action: string) =>
  selectRows<{ operator_nama: string; object: string }>(
    await getDb(),
    sql`select operator_nama, object from audit_log where action = ${action} order by id`,
  );

describe('settings changes need a second SUPERADMIN (ADR 0023)', () => {
  it('a proposal shows its preview and is not live until another SUPERADMIN approves it; the maker cannot', async () => {
    const sari = await operator('superadmin');
    const sandi = await operator('superadmin2');
    const form = fieldsOf((await getSettings(sari)).pembayaran);
    const i = (await getSettings(sari)).pembayaran.methods.findIndex((m) => m.name === 'alfamart');
    const before = await alfamartFee();
    const proposed = await updateSettingGroup(sari, 'pembayaran', { ...form, [`methods.${i}.fix_charge`]: String(before + 500) });
    expect(proposed).toMatchObject({ message: SETTINGS_PROPOSED, changed: ['payment_methods'] });
    expect(await alfamartFee()).toBe(before);

    const [listed] = await listSettingProposals(sari);
    expect(listed).toMatchObject({
      id: proposed.proposal,
      grup: 'pembayaran',
      status: 'diajukan',
      pengusul: 'Sari Superadmin',
      berlaku_mulai: null,
    });
    expect(listed!.perubahan).toEqual([
      { key: 'payment_methods', path: '[alfamart].fix_charge', before: String(before), after: String(before + 500) },
    ]);

    // One open proposal per group; the maker never approves their own.
    await expect(updateSettingGroup(sari, 'pembayaran', { ...form, [`methods.${i}.fix_charge`]: '7000' })).rejects.toThrow(SETTINGS_OPEN);
    await expect(decideSettingProposal(sari, proposed.proposal!, 'setujui')).rejects.toThrow(PROPOSAL_MESSAGES.sameOperator);
    expect(await alfamartFee()).toBe(before);

    expect(await decideSettingProposal(sandi, proposed.proposal!, 'setujui')).toEqual({ message: PROPOSAL_LIVE });
    expect(await alfamartFee()).toBe(before + 500);
    await expect(decideSettingProposal(sandi, proposed.proposal!, 'tolak')).rejects.toThrow(/berstatus Disetujui/);
    expect((await audits('setting:propose')).at(-1)).toMatchObject({ operator_nama: 'Sari Superadmin' });
    expect((await audits('setting:approve')).at(-1)).toMatchObject({
      operator_nama: 'Sandi Superadmin',
      object: `setting-proposal:${proposed.proposal}`,
    });
  });

  it('a rejected proposal never goes live; an effective date in the past is refused', async () => {
    const sari = await operator('superadmin');
    const sandi = await operator('superadmin2');
    const form = fieldsOf((await getSettings(sari)).ongkir);
    const before = (await getSetting('shipping_rates'))[0]!.perKg[0];
    await expect(
      updateSettingGroup(sari, 'ongkir', { ...form, 'rates.0.perKg.0': '9900', berlaku_mulai: addDays(jakartaDate(), -1) }),
    ).rejects.toThrow(SETTINGS_DATE_INVALID);
    const proposed = await updateSettingGroup(sari, 'ongkir', { ...form, 'rates.0.perKg.0': '9900' });
    expect(await decideSettingProposal(sandi, proposed.proposal!, 'tolak')).toEqual({ message: PROPOSAL_REJECTED });
    await applySettingProposals(jakartaMoment(addDays(jakartaDate(), 30), '01:00'));
    expect((await getSetting('shipping_rates'))[0]!.perKg[0]).toBe(before);
  });

  it('a plan change with an effective date: earlier days keep the old plan, the closing of that day and later reads the new one, the scheduler writes it on the day', async () => {
    const sari = await operator('superadmin');
    const sandi = await operator('superadmin2');
    const today = jakartaDate();
    const tomorrow = addDays(today, 1);
    const old = await getPlan();
    const form = fieldsOf((await getSettings(sari)).rencana);
    const proposed = await updateSettingGroup(sari, 'rencana', {
      ...form,
      pairPerBv: String(old.pairPerBv + 5000),
      berlaku_mulai: tomorrow,
    });
    expect(await getPlanOn(tomorrow)).toMatchObject({ pairPerBv: old.pairPerBv });

    expect(await decideSettingProposal(sandi, proposed.proposal!, 'setujui')).toEqual({ message: proposalScheduled(tomorrow) });
    // Approved but not yet in effect: today's plan (and the closing of today) is the old one.
    expect((await getPlan()).pairPerBv).toBe(old.pairPerBv);
    expect((await getPlanOn(today)).pairPerBv).toBe(old.pairPerBv);
    // The closing of tomorrow reads tomorrow's version, even before the scheduler wrote it.
    expect((await getPlanOn(tomorrow)).pairPerBv).toBe(old.pairPerBv + 5000);
    expect((await getPlanOn(addDays(tomorrow, 5))).pairPerBv).toBe(old.pairPerBv + 5000);

    // The scheduler's job today changes nothing; on the day it writes the settings.
    expect(await applySettingProposals(jakartaMoment(today, '23:00'))).toBe('0 usulan pengaturan diberlakukan');
    expect(await applySettingProposals(jakartaMoment(tomorrow, '00:30'))).toBe('1 usulan pengaturan diberlakukan');
    expect((await getPlan()).pairPerBv).toBe(old.pairPerBv + 5000);
    // A late closing of today still uses today's version.
    expect((await getPlanOn(today)).pairPerBv).toBe(old.pairPerBv);
    expect((await audits('setting:update')).at(-1)).toMatchObject({ operator_nama: 'Penjadwal', object: 'setting:bonus_plan' });
  });
});
