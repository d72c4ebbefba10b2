import { getDb } from '../../db/client';
import { bonusesOfPayouts, completedPayoutsIn, dailyBonusRows, monthlyBonusRows, reportMember as reportMemberRow } from '../../db/queries/bonus-reports';
import type { SessionMember } from '../auth/session-member';

interface ReportMember { id_member: string; nama: string; tgl_join: string }

async function reportMember(member: SessionMember): Promise<{ member: ReportMember; akumulasi: number }> {
  const row = (await reportMemberRow(await getDb(), member.id))!;
  return { member: { id_member: row.idMember, nama: row.nama, tgl_join: row.tglJoin }, akumulasi: row.akumulasi };
}

/** GET /member/reports/bonus-harian: one row per day and bonus type in the range, with totals. */
export async function dailyBonusReport(member: SessionMember, from: string, to: string) {
  const rows = await dailyBonusRows(await getDb(), member.id, from, to);
  return {
    ...(await reportMember(member)),
    rows: rows.map((r) => ({ tanggal: r.tanggal, jenis_bonus: r.jenisBonus, bonus_bruto: r.bonusBruto, pph: r.pph, bonus_dibayar: r.bonusDibayar })),
  };
}

/** GET /member/reports/bonus-bulanan: one row per month from the first of `from`'s month to the end of `to`'s. */
export async function monthlyBonusReport(member: SessionMember, fromMonth: string, toMonth: string) {
  const rows = await monthlyBonusRows(await getDb(), member.id, fromMonth, toMonth);
  return { ...(await reportMember(member)), rows: rows.map((r) => ({ bulan: r.bulan, bonus_bruto: r.bonusBruto, pph: r.pph, bonus_dibayar: r.bonusDibayar })) };
}

/** GET /member/reports/redemption-statement: completed payouts in the range with their bonuses. */
export async function withdrawalReport(member: SessionMember, from: string, to: string) {
  const db = await getDb();
  const rows = await completedPayoutsIn(db, member.id, from, to);
  const bonuses = await bonusesOfPayouts(db, rows.map((r) => r.id));
  return {
    rows: rows.map((r) => {
      const own = bonuses.filter((b) => b.payoutId === r.id);
      return {
        completed_at: r.completedAt, admin_fee: r.adminFee, nominal: r.nominal,
        bonus_bruto: own.reduce((s, b) => s + b.bonusBruto, 0), pph: own.reduce((s, b) => s + b.potPph, 0),
        bonuses: own.map((b) => ({ jenis_bonus: b.jenisBonus, tanggal: b.tanggal, bonus_bruto: b.bonusBruto, bonus_dibayar: b.bonusDibayar })),
      };
    }),
  };
}
