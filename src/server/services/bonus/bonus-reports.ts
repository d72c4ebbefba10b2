import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import type { SessionMember } from '../auth/session-member';

interface ReportMember { id_member: string; nama: string; tgl_join: string }

async function reportMember(member: SessionMember): Promise<{ member: ReportMember; akumulasi: number }> {
  const [row] = await selectRows<ReportMember & { akumulasi: string }>(await getDb(), sql`
    select m.id_member, m.nama, m.tgl_join::text as tgl_join,
      coalesce((select sum(b.bonus_dibayar) from bonuses b where b.member_id = m.id), 0)::text as akumulasi
    from members m where m.id = ${member.id}`);
  const { akumulasi, ...rest } = row!;
  return { member: rest, akumulasi: Number(akumulasi) };
}

/** GET /member/reports/bonus-harian: one row per day and bonus type in the range, with totals. */
export async function dailyBonusReport(member: SessionMember, from: string, to: string) {
  const rows = await selectRows<{ tanggal: string; jenis_bonus: string; bonus_bruto: string; pph: string; bonus_dibayar: string }>(await getDb(), sql`
    select tanggal::text as tanggal, jenis_bonus, sum(bonus_bruto)::text as bonus_bruto, sum(pot_pph)::text as pph, sum(bonus_dibayar)::text as bonus_dibayar
    from bonuses where member_id = ${member.id} and tanggal between ${from}::date and ${to}::date
    group by tanggal, jenis_bonus order by tanggal, jenis_bonus`);
  return { ...(await reportMember(member)), rows: rows.map((r) => ({ ...r, bonus_bruto: Number(r.bonus_bruto), pph: Number(r.pph), bonus_dibayar: Number(r.bonus_dibayar) })) };
}

/** GET /member/reports/bonus-bulanan: one row per month from the first of `from`'s month to the end of `to`'s. */
export async function monthlyBonusReport(member: SessionMember, fromMonth: string, toMonth: string) {
  const rows = await selectRows<{ bulan: string; bonus_bruto: string; pph: string; bonus_dibayar: string }>(await getDb(), sql`
    select to_char(date_trunc('month', tanggal), 'YYYY-MM') as bulan, sum(bonus_bruto)::text as bonus_bruto, sum(pot_pph)::text as pph,
      sum(bonus_dibayar)::text as bonus_dibayar
    from bonuses where member_id = ${member.id}
      and tanggal >= ${`${fromMonth}-01`}::date and tanggal < (${`${toMonth}-01`}::date + interval '1 month')
    group by 1 order by 1`);
  return { ...(await reportMember(member)), rows: rows.map((r) => ({ ...r, bonus_bruto: Number(r.bonus_bruto), pph: Number(r.pph), bonus_dibayar: Number(r.bonus_dibayar) })) };
}

/** GET /member/reports/redemption-statement: completed payouts in the range with their bonuses. */
export async function withdrawalReport(member: SessionMember, from: string, to: string) {
  const db = await getDb();
  const rows = await selectRows<{ id: number; completed_at: string; admin_fee: string; nominal: string; total_bonus: string }>(db, sql`
    select id::int as id, completed_at::text as completed_at, admin_fee::text as admin_fee, nominal::text as nominal, total_bonus::text as total_bonus
    from payouts where member_id = ${member.id} and status = 'completed'
      and completed_at >= (${from}::date)::timestamp at time zone 'Asia/Jakarta' and completed_at < (${to}::date + 1)::timestamp at time zone 'Asia/Jakarta'
    order by completed_at`);
  const bonuses = rows.length === 0 ? [] : await selectRows<{ payout_id: number; jenis_bonus: string; tanggal: string; bonus_bruto: string; pot_pph: string; bonus_dibayar: string }>(db, sql`
    select payout_id::int as payout_id, jenis_bonus, tanggal::text as tanggal, bonus_bruto::text as bonus_bruto, pot_pph::text as pot_pph, bonus_dibayar::text as bonus_dibayar
    from bonuses where payout_id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)}) order by tanggal`);
  return {
    rows: rows.map((r) => {
      const own = bonuses.filter((b) => b.payout_id === r.id);
      return {
        completed_at: r.completed_at, admin_fee: Number(r.admin_fee), nominal: Number(r.nominal),
        bonus_bruto: own.reduce((s, b) => s + Number(b.bonus_bruto), 0), pph: own.reduce((s, b) => s + Number(b.pot_pph), 0),
        bonuses: own.map((b) => ({ jenis_bonus: b.jenis_bonus, tanggal: b.tanggal, bonus_bruto: Number(b.bonus_bruto), bonus_dibayar: Number(b.bonus_dibayar) })),
      };
    }),
  };
}
