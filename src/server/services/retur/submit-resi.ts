import { RETUR_COURIERS } from '../../../lib/schemas/retur';
import { inTransaction } from '../../db/client';
import { lockMemberReturn } from '../../db/queries/returns';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { RETUR_NOT_FOUND } from './get-return';
import { moveReturn } from './move-return';

export const RESI_SAVED = 'Nomor resi berhasil disimpan';

/**
 * POST /member/transaction/retur/resi: the member's courier and waybill for an APPROVED return;
 * it moves to DELIVERY with a history row by 'Member' that also starts the tracking.
 */
export async function submitReturnResi(
  member: SessionMember,
  input: { public_id: string; ekspedisi: string; resi: string },
): Promise<{ message: string }> {
  return inTransaction(async (tx) => {
    const retur = await lockMemberReturn(tx, member.id, input.public_id);
    if (!retur) throw new AppError('NOT_FOUND', RETUR_NOT_FOUND);
    const courier = RETUR_COURIERS.find((c) => c.code === input.ekspedisi)!;
    const resi = input.resi.toUpperCase();
    // APPROVED → DELIVERY by the member (id_admin 0), decided by domain/return-status.ts.
    await moveReturn(
      tx,
      retur,
      'ship',
      { idAdmin: 0, keterangan: `${retur.kota ?? '-'}|Paket diserahkan ke ${courier.nama} dengan resi ${resi}` },
      { ekspedisi: courier.code, noResi: resi },
    );
    return { message: RESI_SAVED };
  });
}
