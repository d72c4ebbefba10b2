import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { preparedOnce, selectRows } from '../client';
import { toCount, toRupiah } from '../money';
import { equalsOrAll } from '../optional-filters';
import { bonuses, buktiPotong, closedDays, members, npwpStatuses } from '../schema';
import { npwpInEffect } from './npwp-in-effect';

type Executor = Db | Tx;

export { npwpInEffect };

/** A member's stored BP21 slips of one year, optionally of one month and correction, by month and correction. */
export async function memberTaxSlips(db: Executor, memberId: number, tahun: number, masa?: number, pembetulan?: number) {
  // Prepared (the PPh page's every view, issue #24): a month or correction left out is a null parameter.
  const p = sql.placeholder;
  const rows = await preparedOnce(db, 'member_tax_slips', () =>
    db
      .select({
        masa: buktiPotong.masa,
        tahun: buktiPotong.tahun,
        pembetulanKe: buktiPotong.pembetulanKe,
        status: buktiPotong.status,
        nomor: buktiPotong.nomor,
        npwp: buktiPotong.npwp,
        nik: buktiPotong.nik,
        nama: buktiPotong.nama,
        kode: buktiPotong.kodeObjekPajak,
        bruto: buktiPotong.bruto,
        dpp: buktiPotong.dpp,
        pph: buktiPotong.pph,
        tarif: buktiPotong.tarif,
        tanggal: buktiPotong.tanggalPotong,
        pemotongNpwp: buktiPotong.pemotongNpwp,
        pemotongNama: buktiPotong.pemotongNama,
      })
      .from(buktiPotong)
      .where(
        and(
          eq(buktiPotong.memberId, p('memberId')),
          eq(buktiPotong.tahun, p('tahun')),
          equalsOrAll(buktiPotong.masa, 'masa', 'int'),
          equalsOrAll(buktiPotong.pembetulanKe, 'pembetulan', 'int'),
        ),
      )
      .orderBy(asc(buktiPotong.masa), asc(buktiPotong.pembetulanKe))
      .prepare('member_tax_slips'),
  ).execute({ memberId, tahun, masa: masa || null, pembetulan: pembetulan ?? null });
  // tarif is stored as text ("5", "6"): the slip shows it as a number of percent.
  return rows.map((r) => ({ ...r, bruto: toRupiah(r.bruto), dpp: toRupiah(r.dpp), pph: toRupiah(r.pph), tarif: Number(r.tarif) }));
}

/**
 * Every slip of a tax month for the withholder's file, by number: each with the number of the
 * slip it corrects, whether it is the member's latest (not corrected by another), and the
 * member's id, marital status (the Coretax file's PTKP status) and NIK on file today.
 */
export async function taxMonthExportRows(db: Executor, tahun: number, masa: number) {
  const rows = await selectRows<{
    nomor: string;
    status: string;
    pembetulan_ke: number;
    mengganti_nomor: string | null;
    masa_pajak: number;
    tahun_pajak: number;
    sifat: string;
    npwp: string | null;
    nik: string | null;
    nama: string;
    kode_objek_pajak: string;
    bruto: unknown;
    dpp: unknown;
    tarif: string;
    pph: unknown;
    tanggal_potong: string;
    pemotong_npwp: string;
    pemotong_nama: string;
    member_id: unknown;
    is_latest: boolean;
    id_member: string;
    status_kawin: string | null;
    nik_member: string | null;
  }>(
    db,
    sql`
    select s.nomor, s.status, s.pembetulan_ke, g.nomor as mengganti_nomor, s.masa as masa_pajak, s.tahun as tahun_pajak, 'Tidak Final' as sifat,
      s.npwp, s.nik, s.nama, s.kode_objek_pajak, s.bruto, s.dpp, s.tarif, s.pph,
      s.tanggal_potong::text as tanggal_potong, s.pemotong_npwp, s.pemotong_nama, s.member_id,
      not exists (select 1 from bukti_potong n where n.mengganti_id = s.id) as is_latest, m.id_member, m.status_kawin, m.nomor_identitas as nik_member
    from bukti_potong s left join bukti_potong g on g.id = s.mengganti_id join members m on m.id = s.member_id
    where s.tahun = ${tahun} and s.masa = ${masa}
    order by s.nomor`,
  );
  return rows.map((r) => ({
    ...r,
    pembetulan_ke: toCount(r.pembetulan_ke),
    masa_pajak: toCount(r.masa_pajak),
    tahun_pajak: toCount(r.tahun_pajak),
    bruto: toRupiah(r.bruto),
    dpp: toRupiah(r.dpp),
    pph: toRupiah(r.pph),
    member_id: toCount(r.member_id),
  }));
}

/** A tax month's slips for the console, by number, with the member's id. */
export async function taxMonthConsoleRows(db: Executor, tahun: number, masa: number) {
  const rows = await db
    .select({
      nomor: buktiPotong.nomor,
      status: buktiPotong.status,
      pembetulanKe: buktiPotong.pembetulanKe,
      idMember: members.idMember,
      nama: buktiPotong.nama,
      npwp: buktiPotong.npwp,
      bruto: buktiPotong.bruto,
      pph: buktiPotong.pph,
      tanggalPotong: buktiPotong.tanggalPotong,
    })
    .from(buktiPotong)
    .innerJoin(members, eq(members.id, buktiPotong.memberId))
    .where(and(eq(buktiPotong.tahun, tahun), eq(buktiPotong.masa, masa)))
    .orderBy(asc(buktiPotong.nomor));
  return rows.map((r) => ({ ...r, bruto: toRupiah(r.bruto), pph: toRupiah(r.pph) }));
}

/** A slip's member and month by its number. */
export async function taxSlipByNomor(db: Executor, nomor: string) {
  const [row] = await db
    .select({ memberId: buktiPotong.memberId, tahun: buktiPotong.tahun, masa: buktiPotong.masa, pembetulanKe: buktiPotong.pembetulanKe })
    .from(buktiPotong)
    .where(eq(buktiPotong.nomor, nomor));
  return row ? { ...row, memberId: toCount(row.memberId) } : undefined;
}

/** Serialises slip issuing (numbers run per year) until the transaction ends. */
export async function lockTaxSlipIssuing(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7310003)`);
}

/**
 * Per member, a tax month's withholding figures from the bonus rows dated in [from, to) (a
 * reversal counts in the month of the bonus it reverses): gross, withheld, the largest single
 * gross row (reversals left out), the member's name and numbers, and whether an NPWP or NIK was
 * in effect on `dateOfSlip`.
 */
export async function monthTaxFigures(tx: Tx, from: string, to: string, dateOfSlip: string) {
  const rows = await selectRows<{
    member_id: unknown;
    bruto: unknown;
    pph: unknown;
    max_row: unknown;
    nama: string;
    nik: string | null;
    npwp: string | null;
    has_npwp: boolean;
  }>(
    tx,
    sql`
    select f.member_id, f.bruto, f.pph, f.max_row, m.nama, m.nomor_identitas as nik, m.npwp,
      ${npwpInEffect(sql`m.id`, sql`${dateOfSlip}::date`)} as has_npwp
    from (
      select b.member_id, sum(b.bonus_bruto) as bruto, sum(b.pot_pph) as pph,
        max(case when b.reverses_id is null then b.bonus_bruto else 0 end) as max_row
      from bonuses b left join bonuses o on o.id = b.reverses_id
      where coalesce(o.tanggal, b.tanggal) >= ${from}::date and coalesce(o.tanggal, b.tanggal) < ${to}::date
      group by b.member_id) f
    join members m on m.id = f.member_id
    order by f.member_id`,
  );
  return rows.map((r) => ({
    memberId: toCount(r.member_id),
    bruto: toRupiah(r.bruto),
    pph: toRupiah(r.pph),
    maxRow: toRupiah(r.max_row),
    nama: r.nama,
    nik: r.nik,
    npwp: r.npwp,
    hasNpwp: r.has_npwp,
  }));
}

/** Each member's latest slip of a tax month (highest correction). */
export async function latestMonthSlips(tx: Tx, tahun: number, masa: number) {
  const rows = await selectRows<{ id: unknown; member_id: unknown; pembetulan_ke: unknown; bruto: unknown; pph: unknown }>(
    tx,
    sql`
    select distinct on (member_id) id, member_id, pembetulan_ke, bruto, pph
    from bukti_potong where tahun = ${tahun} and masa = ${masa} order by member_id, pembetulan_ke desc`,
  );
  return rows.map((r) => ({
    id: toCount(r.id),
    memberId: toCount(r.member_id),
    pembetulanKe: toCount(r.pembetulan_ke),
    bruto: toRupiah(r.bruto),
    pph: toRupiah(r.pph),
  }));
}

/** How many slips the year has (the next number follows it). */
export async function taxSlipCountOfYear(tx: Tx, tahun: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(buktiPotong).where(eq(buktiPotong.tahun, tahun));
  return toCount(row?.n);
}

export type NewTaxSlip = typeof buktiPotong.$inferInsert;

/** Stores one slip (never changed afterwards). */
export async function insertTaxSlip(tx: Tx, slip: NewTaxSlip): Promise<void> {
  await tx.insert(buktiPotong).values(slip);
}

/**
 * The earlier tax months (before `monthStart`) that have slips and whose bonuses the reversals
 * dated `tanggal` take back.
 */
export async function reversedMonthsWithSlips(tx: Tx, tanggal: string, monthStart: string) {
  const rows = await selectRows<{ tahun: unknown; masa: unknown }>(
    tx,
    sql`
    select distinct extract(year from o.tanggal)::int as tahun, extract(month from o.tanggal)::int as masa
    from bonuses b join bonuses o on o.id = b.reverses_id
    where b.tanggal = ${tanggal}::date and o.tanggal < ${monthStart}::date
      and exists (select 1 from bukti_potong s where s.tahun = extract(year from o.tanggal) and s.masa = extract(month from o.tanggal))`,
  );
  return rows.map((r) => ({ tahun: toCount(r.tahun), masa: toCount(r.masa) }));
}

/** Whether the closing of the day has run. */
export async function isDayClosed(db: Executor, tanggal: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(closedDays).where(eq(closedDays.tanggal, tanggal));
  return toCount(row?.n) > 0;
}

/** How many bonuses the member has dated in [from, to]. */
export async function memberBonusCountIn(db: Executor, memberId: number, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bonuses)
    .where(and(eq(bonuses.memberId, memberId), gte(bonuses.tanggal, from), lte(bonuses.tanggal, to)));
  return toCount(row?.n);
}

/** Locks a member by id_member with the tax numbers on file. */
export async function lockMemberTaxNumbers(tx: Tx, idMember: string) {
  const [row] = await tx
    .select({ id: members.id, npwp: members.npwp, nik: members.nomorIdentitas, statusNpwp: members.statusNpwp })
    .from(members)
    .where(eq(members.idMember, idMember))
    .for('update');
  return row ? { ...row, id: toCount(row.id) } : undefined;
}

/** Adds a dated tax status to the member's history. */
export async function insertNpwpStatus(tx: Tx, row: typeof npwpStatuses.$inferInsert): Promise<void> {
  await tx.insert(npwpStatuses).values(row);
}

/** The member's NPWP is verified. */
export async function markNpwpVerified(tx: Tx, memberId: number): Promise<void> {
  await tx.update(members).set({ statusNpwp: 'VERIFIED' }).where(eq(members.id, memberId));
}

/** The member's latest tax status (by effective date, then id). */
export async function latestNpwpStatus(tx: Tx, memberId: number) {
  const [row] = await tx
    .select({ nomor: npwpStatuses.nomor, punya: npwpStatuses.punyaNpwp })
    .from(npwpStatuses)
    .where(eq(npwpStatuses.memberId, memberId))
    .orderBy(desc(npwpStatuses.berlakuSejak), desc(npwpStatuses.id))
    .limit(1);
  return row;
}
