import { kycKindSchema } from '../../../lib/schemas/member-care';
import { parseWith } from '../../http';
import type { SessionOperator } from '../operator/operator-sessions';
import { requireRole } from '../operator/require-role';
import { verifyMemberBank } from './verify-member-bank';
import { verifyMemberTaxNumber } from './verify-member-tax-number';

/** Approving a number in the KYC queue is the member file's own verification (bank, NPWP or NIK). */
export async function approveKyc(operator: SessionOperator, idMember: string, jenis: unknown): Promise<string> {
  requireRole(operator, ['CS']);
  const kind = parseWith(kycKindSchema, jenis);
  return kind === 'REKENING' ? verifyMemberBank(operator, idMember) : verifyMemberTaxNumber(operator, idMember, kind);
}
