import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import type { Rank } from '../../../lib/rank';

export const REFERRAL_UNKNOWN = 'Link referal tidak valid. Minta link pendaftaran yang benar kepada sponsor Anda.';

export interface Referrer {
  id: number;
  posisi: Rank;
  nama: string;
  id_member: string;
  kode_referal: string;
}

/** The sponsor behind a referral link's joinme code (spec/000 §2), active members only. */
export async function findReferrer(joinme: string | null | undefined): Promise<Referrer> {
  const code = (joinme ?? '').trim().toUpperCase();
  if (!/^[A-Z0-9]{3,40}$/.test(code)) throw new AppError('NOT_FOUND', REFERRAL_UNKNOWN);
  const [row] = await selectRows<Referrer>(await getDb(), sql`
    select id::int as id, posisi, nama, id_member, kode_referal from members
    where kode_referal = ${code} and not is_suspended`);
  if (!row) throw new AppError('NOT_FOUND', REFERRAL_UNKNOWN);
  return row;
}
