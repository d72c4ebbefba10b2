import { and, asc, between, count, desc, eq, gte, lt, sql, sum } from 'drizzle-orm';
import { type Db, preparedOnce, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import { inListOrAll } from '../optional-filters';
import { bonuses, members, payouts } from '../schema';
import { heldReason } from './commission-control';

type Executor = Db | Tx;

export interface MemberBonusFilter {
  from: string;
  to: string;
  status: ('PENDING' | 'PROCESSED')[];
}

const p = sql.placeholder;

// The member's own bonus reads are prepared statements, built once per database handle and name
// (preparedOnce in ../client, issue #24): unprepared, each took two round trips and a fresh plan.

/** The member's bonuses dated in [from, to], of the given transfer statuses (all when none): values from `filterValues`. */
const memberBonusesIn = and(
  eq(bonuses.memberId, p('memberId')),
  between(bonuses.tanggal, sql`${p('from')}::date`, sql`${p('to')}::date`),
  inListOrAll(bonuses.statusTransfer, 'statuses'),
);
const filterValues = (memberId: number, f: MemberBonusFilter) => ({ memberId, from: f.from, to: f.to, statuses: f.status });

/** Sum of bonus_dibayar of the rows with the given transfer status (0 when none). */
const paidSum = (status: 'PENDING' | 'PROCESSED') =>
  sql<unknown>`coalesce(sum(${bonuses.bonusDibayar}) filter (where ${bonuses.statusTransfer} = ${status}), 0)`;

/**
 * One page of the member's bonuses, newest first, with the status of the payout holding each and,
 * for an unpaid one, the reason of a KEUANGAN hold covering it (null: not held).
 */
export async function memberBonusesPage(db: Executor, memberId: number, f: MemberBonusFilter, page: { limit: number; offset: number }) {
  const rows = await preparedOnce(db, 'member_bonuses_page', () =>
    db
      .select({
        publicId: bonuses.publicId,
        tanggal: bonuses.tanggal,
        jenisBonus: bonuses.jenisBonus,
        statusTransfer: bonuses.statusTransfer,
        tglTransfer: sql<string | null>`${bonuses.tglTransfer}::text`,
        bonusBruto: bonuses.bonusBruto,
        potPph: bonuses.potPph,
        bonusDibayar: bonuses.bonusDibayar,
        detail: bonuses.detail,
        payoutStatus: payouts.status,
        ditahan: sql<string | null>`case when ${bonuses.statusTransfer} = 'PENDING' and ${bonuses.bonusDibayar} >= 0
        then ${heldReason(bonuses.memberId, bonuses.id)} end`,
      })
      .from(bonuses)
      .leftJoin(payouts, eq(payouts.id, bonuses.payoutId))
      .where(memberBonusesIn)
      .orderBy(desc(bonuses.tanggal), desc(bonuses.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('member_bonuses_page'),
  ).execute({ ...filterValues(memberId, f), ...page });
  return rows.map((r) => ({
    ...r,
    bonusBruto: toRupiah(r.bonusBruto),
    potPph: toRupiah(r.potPph),
    bonusDibayar: toRupiah(r.bonusDibayar),
    detail: r.detail as unknown[],
  }));
}

/** How many of the member's bonuses match, and the paid and pending sums among them. */
export async function memberBonusSummary(db: Executor, memberId: number, f: MemberBonusFilter) {
  const [row] = await preparedOnce(db, 'member_bonus_summary', () =>
    db
      .select({ n: count(), dibayar: paidSum('PROCESSED'), pending: paidSum('PENDING') })
      .from(bonuses)
      .where(memberBonusesIn)
      .prepare('member_bonus_summary'),
  ).execute(filterValues(memberId, f));
  return { n: toCount(row?.n), dibayar: toRupiah(row?.dibayar), pending: toRupiah(row?.pending) };
}

/** All the member's bonuses ever: the total, paid and pending (net of withholding). */
export async function memberBonusTotals(db: Executor, memberId: number) {
  // Prepared and built once per database handle (the dashboard's, issue #24): see preparedOnce in ../client.
  const [row] = await preparedOnce(db, 'member_bonus_totals', () =>
    db
      .select({
        total: sql<unknown>`coalesce(sum(${bonuses.bonusDibayar}), 0)`,
        dibayar: paidSum('PROCESSED'),
        pending: paidSum('PENDING'),
      })
      .from(bonuses)
      .where(eq(bonuses.memberId, sql.placeholder('memberId')))
      .prepare('member_bonus_totals'),
  ).execute({ memberId });
  return { total: toRupiah(row?.total), dibayar: toRupiah(row?.dibayar), pending: toRupiah(row?.pending) };
}

/** The report header: the member's id, name, join date and all-time bonus paid out (net). */
export async function reportMember(db: Executor, memberId: number) {
  const [row] = await preparedOnce(db, 'report_member', () =>
    db
      .select({
        idMember: members.idMember,
        nama: members.nama,
        tglJoin: members.tglJoin,
        // A parameter, not the column: a lone table's columns render unqualified, and would bind to b inside.
        akumulasi: sql<unknown>`coalesce((select sum(b.bonus_dibayar) from bonuses b where b.member_id = ${p('memberId')}), 0)`,
      })
      .from(members)
      .where(eq(members.id, p('memberId')))
      .prepare('report_member'),
  ).execute({ memberId });
  return row ? { ...row, akumulasi: toRupiah(row.akumulasi) } : undefined;
}

/** The member's bonus per day and type in [from, to]. */
export async function dailyBonusRows(db: Executor, memberId: number, from: string, to: string) {
  const rows = await preparedOnce(db, 'daily_bonus_rows', () =>
    db
      .select({
        tanggal: bonuses.tanggal,
        jenisBonus: bonuses.jenisBonus,
        bonusBruto: sum(bonuses.bonusBruto),
        pph: sum(bonuses.potPph),
        bonusDibayar: sum(bonuses.bonusDibayar),
      })
      .from(bonuses)
      .where(and(eq(bonuses.memberId, p('memberId')), between(bonuses.tanggal, sql`${p('from')}::date`, sql`${p('to')}::date`)))
      .groupBy(bonuses.tanggal, bonuses.jenisBonus)
      .orderBy(asc(bonuses.tanggal), asc(bonuses.jenisBonus))
      .prepare('daily_bonus_rows'),
  ).execute({ memberId, from, to });
  return rows.map((r) => ({ ...r, bonusBruto: toRupiah(r.bonusBruto), pph: toRupiah(r.pph), bonusDibayar: toRupiah(r.bonusDibayar) }));
}

/** The member's bonus per month ('YYYY-MM') from the 1st of fromMonth to the end of toMonth. */
export async function monthlyBonusRows(db: Executor, memberId: number, fromMonth: string, toMonth: string) {
  const bulan = sql<string>`to_char(date_trunc('month', ${bonuses.tanggal}), 'YYYY-MM')`;
  const rows = await preparedOnce(db, 'monthly_bonus_rows', () =>
    db
      .select({ bulan, bonusBruto: sum(bonuses.bonusBruto), pph: sum(bonuses.potPph), bonusDibayar: sum(bonuses.bonusDibayar) })
      .from(bonuses)
      .where(
        and(
          eq(bonuses.memberId, p('memberId')),
          gte(bonuses.tanggal, sql`${p('from')}::date`),
          lt(bonuses.tanggal, sql`(${p('to')}::date + interval '1 month')`),
        ),
      )
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .prepare('monthly_bonus_rows'),
  ).execute({ memberId, from: `${fromMonth}-01`, to: `${toMonth}-01` });
  return rows.map((r) => ({ ...r, bonusBruto: toRupiah(r.bonusBruto), pph: toRupiah(r.pph), bonusDibayar: toRupiah(r.bonusDibayar) }));
}

/** The member's payouts completed in [from, to] (Jakarta dates), oldest completion first. */
export async function completedPayoutsIn(db: Executor, memberId: number, from: string, to: string) {
  const rows = await preparedOnce(db, 'completed_payouts_in', () =>
    db
      .select({
        id: payouts.id,
        completedAt: sql<string>`${payouts.completedAt}::text`,
        adminFee: payouts.adminFee,
        nominal: payouts.nominal,
        totalBonus: payouts.totalBonus,
      })
      .from(payouts)
      .where(
        and(
          eq(payouts.memberId, p('memberId')),
          eq(payouts.status, 'completed'),
          gte(payouts.completedAt, sql`(${p('from')}::date)::timestamp at time zone 'Asia/Jakarta'`),
          lt(payouts.completedAt, sql`(${p('to')}::date + 1)::timestamp at time zone 'Asia/Jakarta'`),
        ),
      )
      .orderBy(asc(payouts.completedAt))
      .prepare('completed_payouts_in'),
  ).execute({ memberId, from, to });
  return rows.map((r) => ({
    ...r,
    id: toCount(r.id),
    adminFee: toRupiah(r.adminFee),
    nominal: toRupiah(r.nominal),
    totalBonus: toRupiah(r.totalBonus),
  }));
}

/** The bonuses of the given payouts, by date. */
export async function bonusesOfPayouts(db: Executor, payoutIds: number[]) {
  if (payoutIds.length === 0) return [];
  const rows = await preparedOnce(db, 'bonuses_of_payouts', () =>
    db
      .select({
        payoutId: bonuses.payoutId,
        jenisBonus: bonuses.jenisBonus,
        tanggal: bonuses.tanggal,
        bonusBruto: bonuses.bonusBruto,
        potPph: bonuses.potPph,
        bonusDibayar: bonuses.bonusDibayar,
      })
      .from(bonuses)
      .where(sql`${bonuses.payoutId} = any(${p('payoutIds')}::int8[])`)
      .orderBy(asc(bonuses.tanggal))
      .prepare('bonuses_of_payouts'),
  ).execute({ payoutIds });
  return rows.map((r) => ({
    ...r,
    payoutId: toCount(r.payoutId),
    bonusBruto: toRupiah(r.bonusBruto),
    potPph: toRupiah(r.potPph),
    bonusDibayar: toRupiah(r.bonusDibayar),
  }));
}
