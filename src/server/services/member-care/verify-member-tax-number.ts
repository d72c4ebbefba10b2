import { taxNumberKindSchema } from '../../../lib/schemas/member-care';
import { parseWith } from '../../http';
import type { SessionOperator } from '../operator/operator-sessions';
import { requireRole } from '../operator/require-role';
import { verifyTaxNumber } from '../tax/npwp-status';

/**
 * CS marks the member's NPWP, or their NIK as an active tax number, verified: the same dated
 * history as `pajak:verifikasi` (today, or the 1st of next month when this month has a bonus).
 */
export async function verifyMemberTaxNumber(operator: SessionOperator, idMember: string, jenis: unknown): Promise<string> {
  requireRole(operator, ['CS']);
  const kind = parseWith(taxNumberKindSchema, jenis);
  const result = await verifyTaxNumber(idMember, { jenis: kind, admin: operator.nama, by: operator });
  return `${kind} ${result.nomor} terverifikasi, berlaku mulai ${result.berlaku_sejak}`;
}
