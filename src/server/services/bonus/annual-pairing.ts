import { sql } from 'drizzle-orm';
import { getDb, selectRows, type Db } from '../../db/client';
import { annualRank } from '../../domain/bonus/pairing';
import { getPlan } from './get-plan';
import { getSetting } from '../settings';
import type { SessionMember } from '../auth/session-member';
import type { BonusPlan } from '../../domain/bonus/plan';
import { annualPeriodsUntil, type AnnualPeriod } from '../../domain/bonus/annual-period';

type Period = AnnualPeriod;

/** The annual periods up to today. */
function periodsUntilToday(first: Period): Period[] {
  return annualPeriodsUntil(first, new Date().toISOString().slice(0, 10));
}

/** One period's row: registration and upgrade BV that reached each side, and the pair-BV paid (one query). */
async function periodRow(db: Db, memberId: number, path: string, p: Period, plan: BonusPlan) {
  const [row] = await selectRows<{ kiri: number; kanan: number; pairs: number; dibayar: number | null }>(db, sql`
    select v.kiri, v.kanan, (
      select sum(bonus_bruto)::float8 from bonuses where member_id = ${memberId} and jenis_bonus = 'ANNUAL' and tanggal = ${p.end}::date) as dibayar, (
      select coalesce(sum((detail -> 0 -> 'bonus_pair_details' -> 0 ->> 'jumlah_pair_dibayar')::int), 0)::int
      from bonuses where member_id = ${memberId} and jenis_bonus = 'PAIR' and tanggal between ${p.start}::date and ${p.end}::date) as pairs
    from (
      select coalesce(sum(o.total_bv) filter (where substr(m.path, ${path.length + 1}, 1) = '0'), 0)::int as kiri,
             coalesce(sum(o.total_bv) filter (where substr(m.path, ${path.length + 1}, 1) = '1'), 0)::int as kanan
      from orders o join members m on m.id = coalesce(o.new_member_id, o.member_id)
      where o.jenis_order in ('reg', 'upg') and o.paid_at is not null and o.status_order not in ('CANCEL', 'EXPIRED')
        and m.path > ${path} and m.path < ${`${path}2`}
        and o.paid_at >= (${p.start}::date)::timestamp at time zone 'Asia/Jakarta' and o.paid_at < (${p.end}::date + 1)::timestamp at time zone 'Asia/Jakarta') v`);
  return {
    periode: p, jumlah_bv_kiri_each_year: row!.kiri, jumlah_bv_kanan_each_year: row!.kanan,
    jumlah_pair_bv_each_year: row!.pairs, annual: annualRank(row!.pairs, plan),
    /** The ANNUAL award the closing of the period's last day paid (null before it, or when none was reached). */
    dibayar: row!.dibayar,
  };
}

/**
 * The annual pairing report (spec/000 §2, COMP_PLAN.md): per annual period from the settings,
 * the registration and upgrade BV that reached each side and the pair-BV paid, with the rank
 * that pair-BV reaches.
 */
export async function annualPairingReport(member: SessionMember) {
  const period = await getSetting('annual_pairing_period');
  const plan = await getPlan();
  const db = await getDb();
  const [me] = await selectRows<{ path: string }>(db, sql`select path from members where id = ${member.id}`);
  const rows = [];
  for (const p of periodsUntilToday(period)) rows.push(await periodRow(db, member.id, me!.path, p, plan));
  return { periode_text: period.label, rows, annualPairingRank: plan.annualRanks };
}

/** The report's last row (the current period) alone, for the dashboard's annual rank card; `path` is the member's. */
export async function currentAnnualPairing(member: SessionMember, path: string) {
  const current = periodsUntilToday(await getSetting('annual_pairing_period')).at(-1);
  if (!current) return undefined;
  return periodRow(await getDb(), member.id, path, current, await getPlan());
}
