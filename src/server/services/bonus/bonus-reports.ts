import { type Db, onReadDb } from '../../db/client';
import {
  bonusesOfPayouts,
  completedPayoutsIn,
  dailyBonusRows,
  monthlyBonusRows,
  reportMember as reportMemberRow,
} from '../../db/queries/bonus-reports';
import type { SessionMember } from '../auth/session-member';

interface ReportMember {
  id_member: string;
  nama: string;
  tgl_join: string;
}

async function reportMember(db: Db, member: SessionMember): Promise<{ member: ReportMember; akumulasi: number }> {
  const row = (await reportMemberRow(db, member.id))!;
  return { member: { id_member: row.idMember, nama: row.nama, tgl_join: row.tglJoin }, akumulasi: row.akumulasi };
}

/** GET /member/reports/bonus-harian: one row per day and bonus type in the range, with totals. */
export function dailyBonusReport(member: SessionMember, from: string, to: string) {
  return onReadDb(member.id, async (db) => {
    const [rows, header] = await Promise.all([dailyBonusRows(db, member.id, from, to), reportMember(db, member)]);
    return {
      ...header,
      rows: rows.map((r) => ({
        tanggal: r.tanggal,
        jenis_bonus: r.jenisBonus,
        bonus_bruto: r.bonusBruto,
        pph: r.pph,
        bonus_dibayar: r.bonusDibayar,
      })),
    };
  });
}

/** GET /member/reports/bonus-bulanan: one row per month from the first of `from`'s month to the end of `to`'s. */
export function monthlyBonusReport(member: SessionMember, fromMonth: string, toMonth: string) {
  return onReadDb(member.id, async (db) => {
    const [rows, header] = await Promise.all([monthlyBonusRows(db, member.id, fromMonth, toMonth), reportMember(db, member)]);
    return {
      ...header,
      rows: rows.map((r) => ({ bulan: r.bulan, bonus_bruto: r.bonusBruto, pph: r.pph, bonus_dibayar: r.bonusDibayar })),
    };
  });
}

/** GET /member/reports/redemption-statement: completed payouts in the range with their bonuses. */
export function withdrawalReport(member: SessionMember, from: string, to: string) {
  return onReadDb(member.id, async (db) => {
    const rows = await completedPayoutsIn(db, member.id, from, to);
    const bonuses = await bonusesOfPayouts(
      db,
      rows.map((r) => r.id),
    );
    return {
      rows: rows.map((r) => {
        const own = bonuses.filter((b) => b.payoutId === r.id);
        return {
          completed_at: r.completedAt,
          admin_fee: r.adminFee,
          nominal: r.nominal,
          bonus_bruto: own.reduce((s, b) => s + b.bonusBruto, 0),
          pph: own.reduce((s, b) => s + b.potPph, 0),
          bonuses: own.map((b) => ({
            jenis_bonus: b.jenisBonus,
            tanggal: b.tanggal,
            bonus_bruto: b.bonusBruto,
            bonus_dibayar: b.bonusDibayar,
          })),
        };
      }),
    };
  });
}
