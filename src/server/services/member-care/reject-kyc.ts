import { kycKindSchema, memberCareMessages, reasonSchema } from '../../../lib/schemas/member-care';
import { inTransaction } from '../../db/client';
import { insertKycRejection, isKycRejected, lockMemberKyc } from '../../db/queries/kyc';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { SessionOperator } from '../operator/operator-sessions';
import { recordAudit } from '../operator/record-audit';
import { requireRole } from '../operator/require-role';
import { CARE_ACTIONS } from './care-actions';
import { mailCareNotice } from './care-edit';
import { memberObject } from './member-object';

const LABEL = { REKENING: 'Rekening bank', NPWP: 'NPWP', NIK: 'NIK' } as const;

/**
 * CS refuses a pending bank account, NPWP or NIK with a reason the member sees (their history and
 * a mail). The number stays on file, unverified, and leaves the queue until the member enters another.
 */
export async function rejectKyc(operator: SessionOperator, idMember: string, input: { jenis: unknown; alasan: unknown }): Promise<string> {
  requireRole(operator, ['CS']);
  const jenis = parseWith(kycKindSchema, input.jenis);
  const { alasan } = parseWith(reasonSchema, { alasan: input.alasan });
  const member = await inTransaction(async (tx) => {
    const m = await lockMemberKyc(tx, idMember);
    if (!m) throw new AppError('NOT_FOUND', memberCareMessages.notFound);
    const nomor = jenis === 'REKENING' ? m.noRekening : jenis === 'NPWP' ? m.npwp : m.nik;
    if (!nomor) throw new AppError('BAD_INPUT', memberCareMessages.noNumber);
    const verified = jenis === 'REKENING' ? m.statusRekening === 'VERIFIED' : jenis === 'NPWP' && m.statusNpwp === 'VERIFIED';
    if (verified) throw new AppError('CONFLICT', memberCareMessages.alreadyVerified);
    if (await isKycRejected(tx, m.id, jenis, nomor)) throw new AppError('CONFLICT', memberCareMessages.alreadyRejected);
    await insertKycRejection(tx, { memberId: m.id, jenis, nomor, alasan, operatorId: operator.id });
    await recordAudit(tx, operator, CARE_ACTIONS.kycReject, memberObject(idMember), null, { jenis: LABEL[jenis], nomor, alasan });
    return m;
  });
  await mailCareNotice(member.email, member.nama, CARE_ACTIONS.kycReject, [], `${LABEL[jenis]}: ${alasan}`);
  return `${LABEL[jenis]} ditolak; member melihat alasannya di riwayat perubahan data`;
}
