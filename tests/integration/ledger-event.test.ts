// @template year — the bonus ledger of the demo year

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { defaultPlan } from '../../src/server/domain/bonus/plan';
import { closeDay } from '../../src/server/services/bonus/close-day';
import { forgetSettingsCache } from '../../src/server/services/settings';
import { at, bonusesOf, jakartaDay, memberIdOf, payAt, pendingOrder, registerPaid } from './ledger-helpers';

const dayAfter = (d: string, n = 1) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const setSetting = async (key: string, value: unknown) => {
  const db = await getDb();
  if (value === undefined) await db.execute(sql`delete from settings where key = ${key}`);
  else
    await db.execute(
      sql`insert into settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb) on conflict (key) do update set value = excluded.value`,
    );
  forgetSettingsCache();
};
const expiryOf = async (memberId: number) =>
  (
    await selectRows<{ d: string }>(await getDb(), sql`select tanggal_expired::text as d from member_pairing where member_id = ${memberId}`)
  )[0]?.d;

describe('exact at the event: the rank a member held when it happened', () => {
  it('a repeat order pays its sponsor by the buyer’s rank at payment, not by an upgrade paid later that day', async () => {
    const day = jakartaDay(10);
    const sponsor = await memberIdOf('demosilver');
    const buyer = await registerPaid(sponsor, 'L', 'BRONZE', at(dayAfter(day, -1), '09:00'));
    const ro = await pendingOrder(buyer.id, 'ro', 2);
    await payAt(ro.id, at(day, '10:00'));
    const upg = await pendingOrder(buyer.id, 'upg', 3, 'PLATINUM');
    await payAt(upg.id, at(day, '15:00'));
    await closeDay(day);
    const rows = await bonusesOf(sponsor, day);
    const roRow = rows.find((b) => b.jenis_bonus === 'RO')!;
    expect(roRow.bonus_bruto).toBe(2 * defaultPlan.roPerBv.BRONZE);
    expect(roRow.detail).toEqual([
      expect.objectContaining({
        sponsored_member: expect.objectContaining({ posisi: 'BRONZE' }),
        nominal_ro: 2 * defaultPlan.roPerBv.BRONZE,
      }),
    ]);
    const [order] = await selectRows<{ posisi_pembeli: string }>(await getDb(), sql`select posisi_pembeli from orders where id = ${ro.id}`);
    expect(order!.posisi_pembeli).toBe('BRONZE');
    // The upgrade itself pays its sponsor per BV bought.
    expect(rows.find((b) => b.jenis_bonus === 'SPONSOR')!.detail).toContainEqual(expect.objectContaining({ bv: 3, jenis_order: 'upg' }));
  });

  it('the pairing cap is the earner’s rank on that day: an upgrade paid after midnight never changes yesterday', async () => {
    const day = jakartaDay(30);
    const upline = await registerPaid(await memberIdOf('demobronze'), 'R', 'BRONZE', at(dayAfter(day, -1), '08:00'));
    for (const sisi of ['L', 'R'] as const) {
      for (let i = 0; i < 4; i++) await registerPaid(upline.id, sisi, 'PLATINUM', at(day, `1${i}:00`));
    }
    const upg = await pendingOrder(upline.id, 'upg', 3, 'PLATINUM');
    await payAt(upg.id, at(dayAfter(day), '00:30'));
    await closeDay(day);
    const [pair] = (await bonusesOf(upline.id, day)).filter((b) => b.jenis_bonus === 'PAIR');
    expect(pair!.detail[0]).toMatchObject({
      posisi: 'BRONZE',
      jumlah_increment_pair_bv: 16,
      bonus_pair_details: [{ jumlah_pair_dibayar: 12, max_pair_dibayar: 12 }],
    });
    expect(pair!.bonus_bruto).toBe(12 * defaultPlan.pairPerBv);

    for (const sisi of ['L', 'R'] as const) {
      for (let i = 0; i < 4; i++) await registerPaid(upline.id, sisi, 'PLATINUM', at(dayAfter(day), `1${i}:00`));
    }
    await closeDay(dayAfter(day));
    const [next] = (await bonusesOf(upline.id, dayAfter(day))).filter((b) => b.jenis_bonus === 'PAIR');
    expect(next!.detail[0]).toMatchObject({ posisi: 'PLATINUM', bonus_pair_details: [{ jumlah_pair_dibayar: 16, max_pair_dibayar: 48 }] });
  });

  it('a repeat order keeps pairing active only with at least ro_active_min_bv BV', async () => {
    const day = jakartaDay(50);
    await setSetting('bonus_plan', { roActiveMinBv: 2 });
    try {
      const member = await registerPaid(await memberIdOf('demostokis'), 'L', 'SILVER', at(dayAfter(day, -1), '08:00'));
      await closeDay(dayAfter(day, -1));
      const atJoin = await expiryOf(member.id);
      expect(atJoin).toBe(dayAfter(day, -1 + defaultPlan.pairingDaysAtJoin));
      await payAt((await pendingOrder(member.id, 'ro', 1)).id, at(day, '09:00'));
      await closeDay(day);
      expect(await expiryOf(member.id)).toBe(atJoin);
      await payAt((await pendingOrder(member.id, 'ro', 2)).id, at(dayAfter(day), '09:00'));
      await closeDay(dayAfter(day));
      expect(await expiryOf(member.id)).toBe(dayAfter(atJoin!, defaultPlan.pairingDaysPerRo));
    } finally {
      await setSetting('bonus_plan', undefined);
    }
  });
});

describe('the annual pairing award and the withholding per payment', () => {
  it('the closing of an annual period’s last day pays the award of the level reached, once, with its withholding', async () => {
    const end = jakartaDay(120);
    await setSetting('annual_pairing_period', { start: dayAfter(end, -3), end, label: 'periode uji' });
    const plan = {
      ...defaultPlan,
      annualRanks: [
        { level: 1, minimal_pair: 10, nilai_bonus: 1_000_000 },
        { level: 2, minimal_pair: 100, nilai_bonus: 3_500_000 },
      ],
    };
    try {
      const upline = await registerPaid(await memberIdOf('demobaru'), 'R', 'BRONZE', at(dayAfter(end, -2), '08:00'));
      await closeDay(dayAfter(end, -2), plan);
      for (const sisi of ['L', 'R'] as const) {
        for (let i = 0; i < 4; i++) await registerPaid(upline.id, sisi, 'PLATINUM', at(dayAfter(end, -1), `1${i}:00`));
      }
      await closeDay(dayAfter(end, -1), plan);
      for (const sisi of ['L', 'R'] as const) await registerPaid(upline.id, sisi, 'SILVER', at(end, '10:00'));
      await closeDay(end, plan);
      const annual = (await bonusesOf(upline.id, end)).filter((b) => b.jenis_bonus === 'ANNUAL');
      // 12 pairs paid the day before + 2 today = 14 ≥ 10: level 1. No NPWP: 5% of 50% × 120%.
      expect(annual).toEqual([expect.objectContaining({ bonus_bruto: 1_000_000, pot_pph: 30_000 })]);
      expect(annual[0]!.detail).toEqual([expect.objectContaining({ level: 1, jumlah_pair_bv: 14 })]);
      await closeDay(dayAfter(end), plan);
      expect((await bonusesOf(upline.id, dayAfter(end))).filter((b) => b.jenis_bonus === 'ANNUAL')).toEqual([]);
    } finally {
      await setSetting('annual_pairing_period', undefined);
    }
  });

  it('per payment (the default): Rp 100.000.000 then Rp 40.000.000 in one month withhold 2.500.000 and 1.000.000', async () => {
    const month = jakartaDay(200).slice(0, 8);
    const [first, second] = [`${month}10`, `${month}11`];
    const sponsor = await memberIdOf('demoplatinum');
    await closeDay(`${month}09`);
    await registerPaid(sponsor, 'L', 'PLATINUM', at(first, '10:00'));
    await closeDay(first, { ...defaultPlan, sponsorPerBv: 25_000_000 });
    await registerPaid(sponsor, 'R', 'PLATINUM', at(second, '10:00'));
    await closeDay(second, { ...defaultPlan, sponsorPerBv: 10_000_000 });
    const sponsorRows = [...(await bonusesOf(sponsor, first)), ...(await bonusesOf(sponsor, second))].filter(
      (b) => b.jenis_bonus === 'SPONSOR',
    );
    expect(sponsorRows.map((b) => [b.bonus_bruto, b.pot_pph])).toEqual([
      [100_000_000, 2_500_000],
      [40_000_000, 1_000_000],
    ]);
  });
});
