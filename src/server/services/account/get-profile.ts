import { getDb, inTransaction } from '../../db/client';
import { applyDueNpwpChanges, hasDueNpwpChange, pendingNpwpChanges, profileRow } from '../../db/queries/account';
import { bankName } from '../../domain/banks';
import type { SessionMember } from '../auth/session-member';
import { isBonusAvailable } from './is-bonus-available';

/**
 * Verified NPWP changes whose 1st-of-month has come take effect when the profile is next read: a
 * plain read first, the locking transaction only when one is due (issue #24: every profile view
 * opened a transaction for a change that is due once).
 */
async function applyDueNpwp(memberId: number): Promise<void> {
  if (!(await hasDueNpwpChange(await getDb(), memberId))) return;
  await inTransaction((tx) => applyDueNpwpChanges(tx, memberId));
}

/** The member profile of spec/000 §3, for the signed-in member only. */
export async function getProfile(member: SessionMember) {
  await applyDueNpwp(member.id);
  const db = await getDb();
  const [row, pending, isBonusAvl] = await Promise.all([
    profileRow(db, member.id),
    pendingNpwpChanges(db, member.id),
    isBonusAvailable(db, member.id),
  ]);
  const { sponsor_id_member, sponsor_nama, otp_bank, ...profile } = row!;
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
