import { getDb, inTransaction } from '../../db/client';
import { applyDueNpwpChanges, pendingNpwpChanges, profileRow } from '../../db/queries/account';
import { bankName } from '../../domain/banks';
import type { SessionMember } from '../auth/session-member';
import { isBonusAvailable } from './is-bonus-available';

/** Verified NPWP changes whose 1st-of-month has come take effect when the profile is next read. */
async function applyDueNpwp(memberId: number): Promise<void> {
  await inTransaction((tx) => applyDueNpwpChanges(tx, memberId));
}

/** The member profile of spec/000 §3, for the signed-in member only. */
export async function getProfile(member: SessionMember) {
  await applyDueNpwp(member.id);
  const db = await getDb();
  const row = await profileRow(db, member.id);
  const pending = await pendingNpwpChanges(db, member.id);
  const { sponsor_id_member, sponsor_nama, otp_bank, ...profile } = row!;
  const isBonusAvl = await isBonusAvailable(db, member.id);
  const waiting = pending.find((p) => p.status === 'UNVERIFIED');
  return {
    ...profile,
    sponsor: sponsor_id_member ? { id_member: sponsor_id_member, nama: sponsor_nama } : null,
    bank: bankName(profile.kode_bank),
    otp_bank,
    otp_npwp: waiting ? { expire_at: waiting.expire_at } : null,
    npwp_pending: pending,
    isBonusAvl,
  };
}

export type Profile = Awaited<ReturnType<typeof getProfile>>;
