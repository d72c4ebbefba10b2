import { today } from '../../../lib/calendar';
import { type Db, getDb } from '../../db/client';
import { annualPeriodCounters } from '../../db/queries/bonus-closing-calendar';
import { type AnnualPeriod, annualPeriodsUntil } from '../../domain/bonus/annual-period';
import { annualRank } from '../../domain/bonus/pairing';
import type { BonusPlan } from '../../domain/bonus/plan';
import type { SessionMember } from '../auth/session-member';
import { getSetting } from '../settings';
import { getPlan } from './get-plan';

type Period = AnnualPeriod;

/** The annual periods up to today. */
function periodsUntilToday(first: Period): Period[] {
  return annualPeriodsUntil(first, today());
}

/** One period's row from its counters (annual-counters.ts): one index lookup whatever the downline's size. */
async function periodRow(db: Db, memberId: number, p: Period, plan: BonusPlan) {
  const row = await annualPeriodCounters(db, memberId, p);
  return {
    periode: p,
    jumlah_bv_kiri_each_year: row.kiri,
    jumlah_bv_kanan_each_year: row.kanan,
    jumlah_pair_bv_each_year: row.pairs,
    annual: annualRank(row.pairs, plan),
    /** The ANNUAL award the closing of the period's last day paid (null before it, or when none was reached). */
    dibayar: row.dibayar,
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
  const rows = await Promise.all(periodsUntilToday(period).map((p) => periodRow(db, member.id, p, plan)));
  return { periode_text: period.label, rows, annualPairingRank: plan.annualRanks };
}

/** The report's last row (the current period) alone, for the dashboard's annual rank card. */
export async function currentAnnualPairing(member: SessionMember) {
  const current = periodsUntilToday(await getSetting('annual_pairing_period')).at(-1);
  if (!current) return undefined;
  return periodRow(await getDb(), member.id, current, await getPlan());
}
