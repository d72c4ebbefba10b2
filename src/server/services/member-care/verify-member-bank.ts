import { memberCareMessages } from '../../../lib/schemas/member-care';
import { inTransaction } from '../../db/client';
import { lockMemberBank, setBankVerified } from '../../db/queries/member-care';
import { AppError } from '../../errors';
import { VERIFY_MESSAGES } from '../account/verify-bank';
import type { SessionOperator } from '../operator/operator-sessions';
import { recordAudit } from '../operator/record-audit';
import { requireRole } from '../operator/require-role';
import { memberObject } from './member-object';

/** CS marks the bank account on file verified (the member's e-mailed link does the same). */
export async function verifyMemberBank(operator: SessionOperator, idMember: string): Promise<string> {
  requireRole(operator, ['CS']);
  return inTransaction(async (tx) => {
    const row = await lockMemberBank(tx, idMember);
    if (!row) throw new AppError('NOT_FOUND', memberCareMessages.notFound);
    if (!row.noRekening || !row.kodeBank) throw new AppError('BAD_INPUT', memberCareMessages.noBank);
    if (row.status === 'VERIFIED') throw new AppError('CONFLICT', memberCareMessages.bankAlready);
    await setBankVerified(tx, row.id);
    const account = { kode_bank: row.kodeBank, no_rekening: row.noRekening, nama_rekening: row.namaRekening };
    await recordAudit(
      tx,
      operator,
      'member:verify-bank',
      memberObject(idMember),
      { status_rekening: row.status, ...account },
      { status_rekening: 'VERIFIED', ...account },
    );
    return VERIFY_MESSAGES.bankOk;
  });
}
