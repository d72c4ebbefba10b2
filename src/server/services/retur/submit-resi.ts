import { sql } from 'drizzle-orm';
import { inTransaction, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { RETUR_COURIERS } from '../../../lib/schemas/retur';
import type { SessionMember } from '../auth/session-member';
import { RETUR_NOT_FOUND } from './get-return';

export const RESI_SAVED = 'Nomor resi berhasil disimpan';

/**
 * POST /member/transaction/retur/resi: the member's courier and waybill for an APPROVED return;
 * it moves to DELIVERY with a history row by 'Member' that also starts the tracking.
 */
export async function submitReturnResi(member: SessionMember, input: { public_id: string; ekspedisi: string; resi: string }): Promise<{ message: string }> {
  return inTransaction(async (tx) => {
    const [retur] = await selectRows<{ id: number; status: string; kota: string | null }>(tx, sql`
      select id::int as id, status, kota from retur_jual where public_id = ${input.public_id}::uuid and member_id = ${member.id} for update`);
    if (!retur) throw new AppError('NOT_FOUND', RETUR_NOT_FOUND);
    if (retur.status !== 'APPROVED') throw new AppError('CONFLICT', 'Nomor resi hanya dapat diisi untuk retur yang sudah disetujui');
    const courier = RETUR_COURIERS.find((c) => c.code === input.ekspedisi)!;
    const resi = input.resi.toUpperCase();
    await tx.execute(sql`update retur_jual set status = 'DELIVERY', ekspedisi = ${courier.code}, no_resi = ${resi}, updated_at = now() where id = ${retur.id}`);
    await tx.execute(sql`insert into retur_jual_histories (retur_id, status, id_admin, keterangan)
      values (${retur.id}, 'DELIVERY', 0, ${`${retur.kota ?? '-'}|Paket diserahkan ke ${courier.nama} dengan resi ${resi}`})`);
    return { message: RESI_SAVED };
  });
}
