import { sql, type SQL } from 'drizzle-orm';
import { inTransaction, selectRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { jakartaDate, monthStart as startOfMonth, nextMonthStart } from '../../../lib/calendar';
import { recordAudit, type AuditActor } from '../operator/record-audit';
import { memberObject } from '../member-care/member-object';

/** Whether the member (`memberId`, an SQL expression) had a verified NPWP or NIK in effect on `tanggal` (dated history). */
export function npwpInEffect(memberId: SQL, tanggal: SQL): SQL<boolean> {
  return sql<boolean>`coalesce((select s.punya_npwp from npwp_statuses s where s.member_id = ${memberId} and s.berlaku_sejak <= ${tanggal}
    order by s.berlaku_sejak desc, s.id desc limit 1), false)`;
}

/**
 * When a change of tax status takes effect (COMP_PLAN.md, spec/000 §4): on the day itself when
 * the member has no bonus yet this month, else on the 1st of next month (the month's withholding
 * already used the old status).
 */
export async function effectiveDate(tx: Tx, memberId: number, now: Date): Promise<string> {
  const today = jakartaDate(now);
  const monthStart = startOfMonth(today);
  const [row] = await selectRows<{ n: number }>(tx, sql`
    select count(*)::int as n from bonuses where member_id = ${memberId} and tanggal >= ${monthStart}::date and tanggal <= ${today}::date`);
  if ((row?.n ?? 0) === 0) return today;
  return nextMonthStart(today);
}

export const TAX_ID_MESSAGES = {
  notFound: 'Member tidak ditemukan',
  noNpwp: 'Member belum mengisi NPWP',
  noNik: 'Member belum mengisi NIK',
  admin: 'Nama operator harus diisi',
} as const;

/**
 * An operator marks a member's NPWP, or their NIK as an active tax number, verified (the e-mailed
 * link proves the address, not the number: INTEGRATIONS.md). Effective today, or on the 1st of
 * next month when this month already has a bonus; recorded with the operator's name and audited
 * in the same transaction (`by`: the console's operator; the CLI's named admin otherwise).
 */
export async function verifyTaxNumber(idMember: string, input: { jenis: 'NPWP' | 'NIK'; admin: string; now?: Date; by?: AuditActor }): Promise<{ berlaku_sejak: string; nomor: string }> {
  if (!input.admin.trim()) throw new AppError('BAD_INPUT', TAX_ID_MESSAGES.admin);
  return inTransaction(async (tx) => {
    const [m] = await selectRows<{ id: number; npwp: string | null; nik: string | null; status_npwp: string }>(tx, sql`
      select id::int as id, npwp, nomor_identitas as nik, status_npwp from members where id_member = ${idMember} for update`);
    if (!m) throw new AppError('NOT_FOUND', TAX_ID_MESSAGES.notFound);
    const nomor = input.jenis === 'NPWP' ? m.npwp : m.nik;
    if (!nomor) throw new AppError('BAD_INPUT', input.jenis === 'NPWP' ? TAX_ID_MESSAGES.noNpwp : TAX_ID_MESSAGES.noNik);
    const berlaku = await effectiveDate(tx, m.id, input.now ?? new Date());
    await tx.execute(sql`insert into npwp_statuses (member_id, berlaku_sejak, punya_npwp, jenis, nomor, admin)
      values (${m.id}, ${berlaku}::date, true, ${input.jenis}, ${nomor}, ${input.admin.trim()})`);
    if (input.jenis === 'NPWP') await tx.execute(sql`update members set status_npwp = 'VERIFIED' where id = ${m.id}`);
    await recordAudit(tx, input.by ?? { id: null, nama: input.admin.trim() }, `member:verify-${input.jenis.toLowerCase()}`, memberObject(idMember),
      { status_npwp: m.status_npwp }, { jenis: input.jenis, nomor, berlaku_sejak: berlaku, status_npwp: input.jenis === 'NPWP' ? 'VERIFIED' : m.status_npwp });
    return { berlaku_sejak: berlaku, nomor };
  });
}

/**
 * A new NPWP number replaced the one on file: until an operator verifies the new number the
 * member is withheld as without an NPWP, from the same effective date rule.
 */
export async function recordNpwpReplaced(tx: Tx, memberId: number, newNpwp: string, now: Date): Promise<void> {
  const [current] = await selectRows<{ nomor: string | null; punya: boolean }>(tx, sql`
    select nomor, punya_npwp as punya from npwp_statuses where member_id = ${memberId} order by berlaku_sejak desc, id desc limit 1`);
  if (!current?.punya || current.nomor === newNpwp) return;
  const berlaku = await effectiveDate(tx, memberId, now);
  await tx.execute(sql`insert into npwp_statuses (member_id, berlaku_sejak, punya_npwp, jenis, nomor) values (${memberId}, ${berlaku}::date, false, 'TANPA', ${newNpwp})`);
}
