import { jakartaDate, nextMonthStart, monthStart as startOfMonth } from '../../../lib/calendar';
import { inTransaction, type Tx } from '../../db/client';
import { insertNpwpStatus, latestNpwpStatus, lockMemberTaxNumbers, markNpwpVerified, memberBonusCountIn } from '../../db/queries/tax';
import { AppError } from '../../errors';
import { memberObject } from '../member-care/member-object';
import { type AuditActor, recordAudit } from '../operator/record-audit';

// The closing reads the tax status in effect through this fragment (it lives in the data layer).
export { npwpInEffect } from '../../db/queries/tax';

/**
 * When a change of tax status takes effect (COMP_PLAN.md, spec/000 §4): on the day itself when
 * the member has no bonus yet this month, else on the 1st of next month (the month's withholding
 * already used the old status).
 */
export async function effectiveDate(tx: Tx, memberId: number, now: Date): Promise<string> {
  const today = jakartaDate(now);
  const monthStart = startOfMonth(today);
  if ((await memberBonusCountIn(tx, memberId, monthStart, today)) === 0) return today;
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
export async function verifyTaxNumber(
  idMember: string,
  input: { jenis: 'NPWP' | 'NIK'; admin: string; now?: Date; by?: AuditActor },
): Promise<{ berlaku_sejak: string; nomor: string }> {
  if (!input.admin.trim()) throw new AppError('BAD_INPUT', TAX_ID_MESSAGES.admin);
  return inTransaction(async (tx) => {
    const m = await lockMemberTaxNumbers(tx, idMember);
    if (!m) throw new AppError('NOT_FOUND', TAX_ID_MESSAGES.notFound);
    const nomor = input.jenis === 'NPWP' ? m.npwp : m.nik;
    if (!nomor) throw new AppError('BAD_INPUT', input.jenis === 'NPWP' ? TAX_ID_MESSAGES.noNpwp : TAX_ID_MESSAGES.noNik);
    const berlaku = await effectiveDate(tx, m.id, input.now ?? new Date());
    await insertNpwpStatus(tx, {
      memberId: m.id,
      berlakuSejak: berlaku,
      punyaNpwp: true,
      jenis: input.jenis,
      nomor,
      admin: input.admin.trim(),
    });
    if (input.jenis === 'NPWP') await markNpwpVerified(tx, m.id);
    await recordAudit(
      tx,
      input.by ?? { id: null, nama: input.admin.trim() },
      `member:verify-${input.jenis.toLowerCase()}`,
      memberObject(idMember),
      { status_npwp: m.statusNpwp },
      { jenis: input.jenis, nomor, berlaku_sejak: berlaku, status_npwp: input.jenis === 'NPWP' ? 'VERIFIED' : m.statusNpwp },
    );
    return { berlaku_sejak: berlaku, nomor };
  });
}

/**
 * A new NPWP number replaced the one on file: until an operator verifies the new number the
 * member is withheld as without an NPWP, from the same effective date rule.
 */
export async function recordNpwpReplaced(tx: Tx, memberId: number, newNpwp: string, now: Date): Promise<void> {
  const current = await latestNpwpStatus(tx, memberId);
  if (!current?.punya || current.nomor === newNpwp) return;
  const berlaku = await effectiveDate(tx, memberId, now);
  await insertNpwpStatus(tx, { memberId, berlakuSejak: berlaku, punyaNpwp: false, jenis: 'TANPA', nomor: newNpwp });
}
