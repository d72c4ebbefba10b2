import { sql } from 'drizzle-orm';
import { inTransaction, selectRows, type Tx } from '../../db/client';
import { bulkInsert } from '../../db/bulk-insert';
import { ancestorPaths } from '../../domain/network-path';
import type { BonusPlan } from '../../domain/bonus/plan';
import { getPlan } from './get-plan';
import { pairDay } from '../../domain/bonus/pairing';
import { withholdIncrement } from '../../domain/bonus/pph21';
import type { Rank } from '../../../lib/rank';
import { addDays, monthStart } from '../../../lib/calendar';
import { queueAutoWithdrawals } from './payouts';
import { reverseRefunds } from './reverse-refunds';
import { npwpInEffect } from '../tax/npwp-status';
import { issueDueSlips, withholder } from '../tax/issue-tax-slips';
import { annualRank } from '../../domain/bonus/pairing';
import { annualPeriodEndingOn, type AnnualPeriod } from '../../domain/bonus/annual-period';
import { getSetting } from '../settings';
import { recordAudit, type AuditActor } from '../operator/record-audit';
import { countAnnualPairs } from './annual-counters';

type BonusType = 'SPONSOR' | 'PASSUP' | 'PAIR' | 'RO' | 'RO-SPONSOR' | 'ANNUAL';
const TYPE_ORDER: BonusType[] = ['SPONSOR', 'PASSUP', 'RO', 'RO-SPONSOR', 'PAIR', 'ANNUAL'];

interface Event {
  id: number;
  no_order: string;
  jenis_order: 'reg' | 'upg' | 'ro';
  total_bv: number;
  subject_id: number;
  /** The order's target rank (reg: the new member's, upg: the new one). */
  posisi_order: Rank | null;
  /** The buyer's rank when the order was paid (rank at the event). */
  posisi_pembeli: Rank | null;
  /** The Jakarta day the payment really settled (earlier than the closing's day when it came late). */
  hari_bayar: string;
}
interface MemberInfo { id: number; id_member: string; nama: string; posisi: Rank; path: string; sponsor_id: number | null; tgl_join: string }

export interface CloseResult { tanggal: string; alreadyClosed: boolean; bonusCount: number; totalBruto: number }


async function membersById(tx: Tx, ids: number[]): Promise<Map<number, MemberInfo>> {
  const unique = [...new Set(ids)].filter((id) => id > 0);
  if (unique.length === 0) return new Map();
  const rows = await selectRows<MemberInfo>(tx, sql`
    select id::int as id, id_member, nama, posisi, path, sponsor_id::int as sponsor_id, tgl_join::text as tgl_join
    from members where id in (${sql.join(unique.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The closing of one day (COMP_PLAN.md, DESIGN.md §5): from the orders paid by that day's end
 * (Asia/Jakarta) and not yet counted — late payments of closed days included — it writes the
 * SPONSOR, PASSUP, RO, RO-SPONSOR and PAIR bonus rows (and ANNUAL on an annual period's last day)
 * with their withholding, and moves every pairing counter — all in one transaction. A closed day
 * is recorded, so running it again changes nothing. This is the engine: the order of days and
 * "finished days only" are checked by close-days.ts, which the command and the scheduler use.
 */
/** `actor`: who asked (an operator in the console, a command); the day's audit row is written in its transaction. */
export async function closeDay(tanggal: string, planOverride?: BonusPlan, actor?: AuditActor): Promise<CloseResult> {
  const plan = planOverride ?? (await getPlan());
  const annualPeriod = annualPeriodEndingOn(await getSetting('annual_pairing_period'), tanggal);
  const by = await withholder();
  return inTransaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7310002)`);
    const [closed] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from closed_days where tanggal = ${tanggal}::date`);
    if (closed!.n > 0) return { tanggal, alreadyClosed: true, bonusCount: 0, totalBruto: 0 };

    // Every paid order not yet counted whose payment settled by the end of this day: the day's own
    // and any that arrived after their day was closed (counted here, the first open day).
    const intake = await selectRows<Event>(tx, sql`
      select o.id::int as id, o.no_order, o.jenis_order, o.total_bv, coalesce(o.new_member_id, o.member_id)::int as subject_id,
        o.posisi as posisi_order, o.posisi_pembeli, (o.paid_at at time zone 'Asia/Jakarta')::date::text as hari_bayar
      from orders o
      where o.tanggal_bonus is null and o.paid_at is not null
        and o.paid_at < (${tanggal}::date + 1)::timestamp at time zone 'Asia/Jakarta'
        and o.status_order not in ('PENDING', 'CANCEL', 'EXPIRED')
      order by o.paid_at, o.id
      for update`);
    if (intake.length) {
      await tx.execute(sql`update orders set tanggal_bonus = ${tanggal}::date where id in (${sql.join(intake.map((e) => sql`${e.id}`), sql`, `)})`);
    }
    const events = intake.filter((e) => e.total_bv > 0);
    const people = await membersById(tx, events.map((e) => e.subject_id));
    const sponsors = await membersById(tx, [...people.values()].map((m) => m.sponsor_id ?? 0));
    const grand = await membersById(tx, [...sponsors.values()].map((m) => m.sponsor_id ?? 0));
    const find = (id: number | null | undefined) => (id ? people.get(id) ?? sponsors.get(id) ?? grand.get(id) : undefined);

    const earned = new Map<string, Earned>();
    const earn = (memberId: number | null | undefined, type: BonusType, amount: number, detail: unknown) => {
      if (!memberId || amount <= 0) return;
      const key = `${memberId}|${type}`;
      const row = earned.get(key) ?? { memberId, type, bruto: 0, detail: [] };
      row.bruto += amount;
      row.detail.push(detail);
      earned.set(key, row);
    };
    const volume = new Map<string, { left: number; right: number }>();
    /** Repeat-order buyers whose orders keep them active: the latest day they paid and how many orders. */
    const roBuyers = new Map<number, { hari: string; orders: number }>();

    for (const event of events) {
      const subject = people.get(event.subject_id);
      if (!subject) continue;
      const sponsor = find(subject.sponsor_id);
      if (event.jenis_order === 'ro') {
        if (event.total_bv >= plan.roActiveMinBv) {
          const seen = roBuyers.get(subject.id);
          roBuyers.set(subject.id, { hari: seen && seen.hari > event.hari_bayar ? seen.hari : event.hari_bayar, orders: (seen?.orders ?? 0) + 1 });
        }
        // The buyer's rank at payment decides the rate, not the rank they hold when the day closes.
        const posisi = event.posisi_pembeli ?? subject.posisi;
        const nominal = event.total_bv * plan.roPerBv[posisi];
        earn(sponsor?.id, 'RO', nominal, { sponsored_member: { posisi, id_member: subject.id_member, nama: subject.nama }, nominal_ro: nominal, bv: event.total_bv, no_order: event.no_order });
        earn(sponsor?.sponsor_id, 'RO-SPONSOR', event.total_bv * plan.roSponsorPerBv, { sponsored_member: { id_member: subject.id_member, nama: subject.nama }, bv: event.total_bv, no_order: event.no_order });
        continue;
      }
      const recruit = { member: { id_member: subject.id_member, nama: subject.nama, posisi: event.posisi_order ?? subject.posisi } };
      earn(sponsor?.id, 'SPONSOR', event.total_bv * plan.sponsorPerBv, { sponsor_detail_rekrutan: recruit, bv: event.total_bv, jenis_order: event.jenis_order, no_order: event.no_order });
      earn(sponsor?.sponsor_id, 'PASSUP', event.total_bv * plan.passupPerBv, { passup_detail_rekrutan: recruit, bv: event.total_bv, jenis_order: event.jenis_order, no_order: event.no_order });
      // Registration and upgrade BV flows to every upline on the side the member sits in.
      for (const ancestor of ancestorPaths(subject.path)) {
        const v = volume.get(ancestor) ?? { left: 0, right: 0 };
        if (subject.path[ancestor.length] === '0') v.left += event.total_bv;
        else v.right += event.total_bv;
        volume.set(ancestor, v);
      }
    }

    // New members start their pairing clock; repeat orders move it (COMP_PLAN.md).
    await tx.execute(sql`
      insert into member_pairing (member_id, tanggal_expired)
      select m.id, m.tgl_join + ${plan.pairingDaysAtJoin}::int from members m
      where m.id in (${sql.join([0, ...events.map((e) => e.subject_id)].map((id) => sql`${id}`), sql`, `)})
      on conflict (member_id) do nothing`);
    // Each order moves it to max(current, order date) + 30: k orders of a day add k × 30.
    if (roBuyers.size) {
      await tx.execute(sql`
        update member_pairing p set tanggal_expired = greatest(p.tanggal_expired, v.hari::date) + v.orders * ${plan.pairingDaysPerRo}::int
        from (values ${sql.join([...roBuyers].map(([id, b]) => sql`(${id}::int8, ${b.hari}::text, ${b.orders}::int)`), sql`, `)}) as v(member_id, hari, orders)
        where p.member_id = v.member_id`);
    }

    if (volume.size) {
      const uplines = await selectRows<{ id: number; path: string; posisi: Rank; tgl_join: string; sisa_bv_kiri: number | null; sisa_bv_kanan: number | null; hutang_bv_kiri: number | null; hutang_bv_kanan: number | null; tanggal_expired: string | null }>(tx, sql`
        select m.id::int as id, m.path, ${rankOnDay(tanggal)} as posisi, m.tgl_join::text as tgl_join, p.sisa_bv_kiri, p.sisa_bv_kanan,
          p.hutang_bv_kiri, p.hutang_bv_kanan, p.tanggal_expired::text as tanggal_expired
        from members m left join member_pairing p on p.member_id = m.id
        where m.path in (${sql.join([...volume.keys()].map((p) => sql`${p}`), sql`, `)})`);
      const updates: unknown[][] = [];
      const paidPairs: [number, number][] = [];
      for (const u of uplines) {
        const v = volume.get(u.path)!;
        const expiry = u.tanggal_expired ?? addDays(u.tgl_join, plan.pairingDaysAtJoin);
        const result = pairDay({
          carriedLeft: u.sisa_bv_kiri ?? 0, carriedRight: u.sisa_bv_kanan ?? 0, newLeft: v.left, newRight: v.right, rank: u.posisi, active: expiry >= tanggal,
          owedLeft: u.hutang_bv_kiri ?? 0, owedRight: u.hutang_bv_kanan ?? 0,
        }, plan);
        updates.push([u.id, result.carryLeft, result.carryRight, expiry, result.paidPairs, v.left, v.right, result.owedLeft, result.owedRight]);
        paidPairs.push([u.id, result.paidPairs]);
        if (result.paidPairs > 0) {
          earn(u.id, 'PAIR', result.bonus, { posisi: u.posisi, jumlah_increment_pair_bv: result.pairs, bonus_pair_details: [{ jumlah_pair_dibayar: result.paidPairs, max_pair_dibayar: plan.dailyPairCap[u.posisi], bonus_per_pair: plan.pairPerBv }] });
        }
      }
      await tx.execute(sql`create temp table if not exists pairing_update (member_id int8, kiri int4, kanan int4, expired date, paid int4, new_l int4, new_r int4, owed_l int4, owed_r int4) on commit drop`);
      await bulkInsert(tx, 'pairing_update', [
        { name: 'member_id', type: 'int8' }, { name: 'kiri', type: 'int4' }, { name: 'kanan', type: 'int4' }, { name: 'expired', type: 'date' },
        { name: 'paid', type: 'int4' }, { name: 'new_l', type: 'int4' }, { name: 'new_r', type: 'int4' }, { name: 'owed_l', type: 'int4' }, { name: 'owed_r', type: 'int4' },
      ], updates);
      await tx.execute(sql`
        insert into member_pairing (member_id, sisa_bv_kiri, sisa_bv_kanan, tanggal_expired, jumlah_pair, jumlah_pair_bv, jumlah_bv_kiri, jumlah_bv_kanan, hutang_bv_kiri, hutang_bv_kanan)
        select member_id, kiri, kanan, expired, paid, paid, new_l, new_r, owed_l, owed_r from pairing_update
        on conflict (member_id) do update set sisa_bv_kiri = excluded.sisa_bv_kiri, sisa_bv_kanan = excluded.sisa_bv_kanan,
          hutang_bv_kiri = excluded.hutang_bv_kiri, hutang_bv_kanan = excluded.hutang_bv_kanan,
          jumlah_pair = member_pairing.jumlah_pair + excluded.jumlah_pair, jumlah_pair_bv = member_pairing.jumlah_pair_bv + excluded.jumlah_pair_bv,
          jumlah_bv_kiri = member_pairing.jumlah_bv_kiri + excluded.jumlah_bv_kiri, jumlah_bv_kanan = member_pairing.jumlah_bv_kanan + excluded.jumlah_bv_kanan`);
      await countAnnualPairs(tx, tanggal, paidPairs);
    }

    if (annualPeriod) await earnAnnualAward(tx, annualPeriod, plan, earn);

    const rows = [...earned.values()].sort((a, b) => a.memberId - b.memberId || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
    const insert = await withhold(tx, tanggal, plan, rows);
    const totalBruto = rows.reduce((s, r) => s + r.bruto, 0);
    await bulkInsert(tx, 'bonuses', [
      { name: 'member_id', type: 'int8' }, { name: 'tanggal', type: 'date' }, { name: 'jenis_bonus', type: 'text' },
      { name: 'bonus_bruto', type: 'int8' }, { name: 'pot_pph', type: 'int8' }, { name: 'bonus_dibayar', type: 'int8' }, { name: 'detail', type: 'jsonb' },
    ], insert);
    const reversed = await reverseRefunds(tx, tanggal, plan);
    await issueDueSlips(tx, tanggal, by);
    await queueAutoWithdrawals(tx, plan);
    await tx.execute(sql`insert into closed_days (tanggal, bonus_count, total_bruto, jumlah_order, total_bv)
      values (${tanggal}::date, ${insert.length + reversed.count}, ${totalBruto + reversed.bruto}, ${intake.length}, ${intake.reduce((s, e) => s + e.total_bv, 0)})`);
    const result = { tanggal, alreadyClosed: false, bonusCount: insert.length + reversed.count, totalBruto: totalBruto + reversed.bruto };
    if (actor) await recordAudit(tx, actor, 'closing:close-day', `hari:${tanggal}`, { ditutup: false }, { ditutup: true, bonus: result.bonusCount, bruto: result.totalBruto, order: intake.length });
    return result;
  });
}

/**
 * The earner's rank in effect on a day (rank at the event): the last upgrade paid by the day's
 * end, else the rank before the first later upgrade, else the member's rank. An upgrade paid
 * after midnight never changes the day before.
 */
function rankOnDay(tanggal: string) {
  const dayEnd = sql`(${tanggal}::date + 1)::timestamp at time zone 'Asia/Jakarta'`;
  return sql`coalesce(
    (select u.posisi from orders u where u.member_id = m.id and u.jenis_order = 'upg' and u.paid_at < ${dayEnd}
       and u.status_order not in ('PENDING', 'CANCEL', 'EXPIRED') order by u.paid_at desc limit 1),
    (select u.posisi_pembeli from orders u where u.member_id = m.id and u.jenis_order = 'upg' and u.paid_at >= ${dayEnd}
       and u.status_order not in ('PENDING', 'CANCEL', 'EXPIRED') order by u.paid_at limit 1),
    m.posisi)`;
}

interface Earned { memberId: number; type: BonusType; bruto: number; detail: unknown[] }

/**
 * The annual pairing award (COMP_PLAN.md): the closing of an annual period's last day pays each
 * member the award of the highest level their pair-BV paid within the period reached, once. The
 * period's pair-BV is the annual counter, which already holds this day's pairs (countAnnualPairs
 * ran above), so the last day reads one row per earner instead of a year of PAIR rows.
 */
async function earnAnnualAward(tx: Tx, period: AnnualPeriod, plan: BonusPlan, earn: (memberId: number, type: BonusType, amount: number, detail: unknown) => void) {
  const pairs = await selectRows<{ member_id: number; pairs: number }>(tx, sql`
    select member_id::int as member_id, pair_bv::int as pairs from member_annual where periode_mulai = ${period.start}::date and pair_bv > 0`);
  for (const { member_id: memberId, pairs: pairBv } of pairs) {
    const award = annualRank(pairBv, plan);
    if (award.nilai_bonus > 0) {
      earn(memberId, 'ANNUAL', award.nilai_bonus, { periode: period, jumlah_pair_bv: pairBv, level: award.level, nilai_bonus: award.nilai_bonus });
    }
  }
}

/**
 * Withholding (INTEGRATIONS.md) of the day's rows: per payment (default) each row is taxed on its
 * own gross; per month or per year each row takes the tax on the period's gross so far minus what
 * the period's earlier rows already withheld.
 */
async function withhold(tx: Tx, tanggal: string, plan: BonusPlan, rows: Earned[]): Promise<unknown[][]> {
  // The tax status in effect on the bonus's date (a dated history), not today's value.
  const earnerIds = [...new Set(rows.map((r) => r.memberId))];
  const statuses = earnerIds.length === 0 ? [] : await selectRows<{ id: number; has_npwp: boolean }>(tx, sql`
    select m.id::int as id, ${npwpInEffect(sql`m.id`, sql`${tanggal}::date`)} as has_npwp
    from members m where m.id in (${sql.join(earnerIds.map((id) => sql`${id}`), sql`, `)})`);
  const npwp = new Map(statuses.map((s) => [s.id, s.has_npwp]));
  const periodStart = plan.pphBasis === 'year' ? `${tanggal.slice(0, 4)}-01-01` : monthStart(tanggal);
  const before = rows.length === 0 || plan.pphBasis === 'payment' ? [] : await selectRows<{ member_id: number; gross: string }>(tx, sql`
    select member_id::int as member_id, sum(bonus_bruto)::text as gross from bonuses
    where tanggal >= ${periodStart}::date and tanggal < ${tanggal}::date
      and member_id in (${sql.join([...new Set(rows.map((r) => r.memberId))].map((id) => sql`${id}`), sql`, `)})
    group by member_id`);
  const periodGross = new Map(before.map((b) => [b.member_id, Number(b.gross)]));
  return rows.map((row) => {
    const gross = plan.pphBasis === 'payment' ? 0 : periodGross.get(row.memberId) ?? 0;
    const { pph, net } = withholdIncrement(gross, row.bruto, npwp.get(row.memberId) ?? false);
    periodGross.set(row.memberId, gross + row.bruto);
    return [row.memberId, tanggal, row.type, row.bruto, pph, net, JSON.stringify(row.detail)];
  });
}
