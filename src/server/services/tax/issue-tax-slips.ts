import { sql } from 'drizzle-orm';
import { inTransaction, selectRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { statutoryRate } from '../../domain/bonus/pph21';
import { jakartaDate, monthEnd, monthKey, nextMonthStart as followingMonth, monthStart as startOf } from '../../../lib/calendar';
import { getSetting } from '../settings';
import { npwpInEffect } from './npwp-status';
import { recordAudit } from '../operator/record-audit';
import { assertRole, type Actor } from '../operator/assert-role';

export const KODE_OBJEK_PAJAK = '21-100-04';

export interface Withholder { npwp: string; nama: string }

const monthStart = (tahun: number, masa: number) => startOf(monthKey(tahun, masa));
const nextMonthStart = (tahun: number, masa: number) => followingMonth(monthKey(tahun, masa));
const lastDay = (tahun: number, masa: number) => monthEnd(monthKey(tahun, masa));

export async function withholder(): Promise<Withholder> {
  return { npwp: await getSetting('company_npwp'), nama: await getSetting('company_name') };
}

/**
 * Issues the BP21 slips of one tax month inside the caller's transaction (INTEGRATIONS.md): one
 * per member with withholding, from the month's bonus rows (a reversal counts in the month of the
 * bonus it reverses). A slip is stored once and never changed: when a later reversal changes a
 * month that has a slip, a Pembetulan slip referring to it is issued. Numbers run per year.
 * Returns how many slips were issued (0 when nothing changed).
 */
export async function issueMonthSlips(tx: Tx, tahun: number, masa: number, by: Withholder): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(7310003)`);
  const from = monthStart(tahun, masa);
  const to = nextMonthStart(tahun, masa);
  const dateOfSlip = lastDay(tahun, masa);
  const figures = await selectRows<{ member_id: number; bruto: number; pph: number; max_row: number; nama: string; nik: string | null; npwp: string | null; has_npwp: boolean }>(tx, sql`
    select f.member_id, f.bruto, f.pph, f.max_row, m.nama, m.nomor_identitas as nik, m.npwp,
      ${npwpInEffect(sql`m.id`, sql`${dateOfSlip}::date`)} as has_npwp
    from (
      select b.member_id::int as member_id, sum(b.bonus_bruto)::float8 as bruto, sum(b.pot_pph)::float8 as pph,
        max(case when b.reverses_id is null then b.bonus_bruto else 0 end)::float8 as max_row
      from bonuses b left join bonuses o on o.id = b.reverses_id
      where coalesce(o.tanggal, b.tanggal) >= ${from}::date and coalesce(o.tanggal, b.tanggal) < ${to}::date
      group by b.member_id) f
    join members m on m.id = f.member_id
    order by f.member_id`);
  const issued = await selectRows<{ id: number; member_id: number; pembetulan_ke: number; bruto: number; pph: number }>(tx, sql`
    select distinct on (member_id) id::int as id, member_id::int as member_id, pembetulan_ke, bruto::float8 as bruto, pph::float8 as pph
    from bukti_potong where tahun = ${tahun} and masa = ${masa} order by member_id, pembetulan_ke desc`);
  const last = new Map(issued.map((s) => [s.member_id, s]));
  const [count] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from bukti_potong where tahun = ${tahun}`);
  let seq = count!.n;
  let made = 0;
  for (const f of figures) {
    const before = last.get(f.member_id);
    if (!before && f.pph <= 0) continue;
    if (before && before.bruto === f.bruto && before.pph === f.pph) continue;
    seq += 1;
    const nomor = `BP21-${tahun}-${String(seq).padStart(7, '0')}`;
    await tx.execute(sql`
      insert into bukti_potong (nomor, member_id, tahun, masa, status, pembetulan_ke, mengganti_id, npwp, nik, nama, kode_objek_pajak,
        bruto, dpp, tarif, pph, tanggal_potong, pemotong_npwp, pemotong_nama)
      values (${nomor}, ${f.member_id}, ${tahun}, ${masa}, ${before ? 'PEMBETULAN' : 'NORMAL'}, ${before ? before.pembetulan_ke + 1 : 0}, ${before?.id ?? null},
        ${f.has_npwp ? f.npwp : null}, ${f.nik}, ${f.nama}, ${KODE_OBJEK_PAJAK}, ${f.bruto}, ${Math.floor(f.bruto / 2)},
        ${statutoryRate(Math.floor(f.max_row / 2), f.has_npwp)}, ${f.pph}, ${dateOfSlip}::date, ${by.npwp}, ${by.nama})`);
    made += 1;
  }
  return made;
}

/**
 * What the closing of `tanggal` issues (inside its transaction): the month's slips when it was the
 * month's last day, and Pembetulan slips for earlier months the day's reversals changed.
 */
export async function issueDueSlips(tx: Tx, tanggal: string, by: Withholder): Promise<number> {
  const tahun = Number(tanggal.slice(0, 4));
  const masa = Number(tanggal.slice(5, 7));
  let made = 0;
  const changed = await selectRows<{ tahun: number; masa: number }>(tx, sql`
    select distinct extract(year from o.tanggal)::int as tahun, extract(month from o.tanggal)::int as masa
    from bonuses b join bonuses o on o.id = b.reverses_id
    where b.tanggal = ${tanggal}::date and o.tanggal < ${monthStart(tahun, masa)}::date
      and exists (select 1 from bukti_potong s where s.tahun = extract(year from o.tanggal) and s.masa = extract(month from o.tanggal))`);
  for (const c of changed) made += await issueMonthSlips(tx, c.tahun, c.masa, by);
  if (lastDay(tahun, masa) === tanggal) made += await issueMonthSlips(tx, tahun, masa, by);
  return made;
}

export const TAX_SLIP_MESSAGES = {
  badMonth: 'Masa pajak harus 1–12 dan tahun empat digit',
  running: 'Masa pajak yang sedang berjalan belum memiliki bukti potong',
  notClosed: (d: string) => `Closing tanggal ${d} (hari terakhir masa pajak) belum dijalankan`,
} as const;

/**
 * The operator's `pajak:terbitkan`: issues a finished, fully closed tax month's slips (those the
 * closing has not issued yet, e.g. after an upgrade of an existing database). Idempotent.
 */
export async function issueTaxSlips(tahun: number, masa: number, now = new Date(), actor: Actor = { id: null, nama: 'Sistem (npm run ops)' }): Promise<number> {
  assertRole(actor, ['KEUANGAN']);
  if (!Number.isInteger(tahun) || tahun < 2000 || tahun > 9999 || !Number.isInteger(masa) || masa < 1 || masa > 12) {
    throw new AppError('BAD_INPUT', TAX_SLIP_MESSAGES.badMonth);
  }
  if (monthStart(tahun, masa) >= startOf(jakartaDate(now))) throw new AppError('BAD_INPUT', TAX_SLIP_MESSAGES.running);
  const by = await withholder();
  return inTransaction(async (tx) => {
    const [closed] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from closed_days where tanggal = ${lastDay(tahun, masa)}::date`);
    if (closed!.n === 0) throw new AppError('CONFLICT', TAX_SLIP_MESSAGES.notClosed(lastDay(tahun, masa)));
    const made = await issueMonthSlips(tx, tahun, masa, by);
    await recordAudit(tx, actor, 'pajak:terbitkan', `masa:${monthKey(tahun, masa)}`, null, { diterbitkan: made });
    return made;
  });
}
