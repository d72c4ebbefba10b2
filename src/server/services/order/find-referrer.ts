import type { Rank } from '../../../lib/rank';
import { getDb } from '../../db/client';
import { findActiveMemberByReferralCode } from '../../db/queries/registrations';
import { AppError } from '../../errors';

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
  const row = await findActiveMemberByReferralCode(await getDb(), code);
  if (!row) throw new AppError('NOT_FOUND', REFERRAL_UNKNOWN);
  return row;
}
