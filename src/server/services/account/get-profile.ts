import { getDb, inTransaction } from '../../db/client';
import { applyDueNpwpChanges, pendingNpwpChanges, profileRow } from '../../db/queries/account';
import { bankName } from '../../domain/banks';
import type { SessionMember } from '../auth/session-member';

/** The profile row and the NPWP changes in play, read side by side. */
async function readProfile(memberId: number) {
  const db = await getDb();
  const [row, pending] = await Promise.all([profileRow(db, memberId), pendingNpwpChanges(db, memberId)]);
  return { row: row!, pending };
}

/**
 * The member profile of spec/000 §3, for the signed-in member only. Verified NPWP changes whose
 * 1st-of-month has come take effect when the profile is next read: the row says whether one is
 * due, and only then is the locking transaction opened and the profile read again (issue #24:
 * every profile view opened a transaction for a change that is due once).
 */
export async function getProfileView(member: SessionMember) {
  let { row, pending } = await readProfile(member.id);
  if (row.npwp_due) {
    await inTransaction((tx) => applyDueNpwpChanges(tx, member.id));
    ({ row, pending } = await readProfile(member.id));
  }
  const {
    sponsor_id_member,
    sponsor_nama,
    otp_bank,
    npwp_due: _due,
    bonus_this_month,
    bank_valid,
    bank_nama,
    bank_pesan,
    ...profile
  } = row;
  const waiting = pending.find((p) => p.status === 'UNVERIFIED');
  const view = {
    ...profile,
    sponsor: sponsor_id_member ? { id_member: sponsor_id_member, nama: sponsor_nama } : null,
    bank: bankName(profile.kode_bank),
    otp_bank,
    otp_npwp: waiting ? { expire_at: waiting.expire_at } : null,
    npwp_pending: pending,
    isBonusAvl: bonus_this_month,
  };
  return {
    profile: view,
    /**
     * The disbursement provider's validation of the current bank account (done before the first
     * payout to it): "Terverifikasi" with the holder's name as the bank knows it, or why the bank
     * did not know it; undefined while not validated yet.
     */
    bankCheck: bank_valid === null ? undefined : { valid: bank_valid, nama_bank: bank_nama, pesan: bank_pesan },
  };
}

/** GET /member/account/{id}: the profile of spec/000 §3 as the documents give it. */
export async function getProfile(member: SessionMember) {
  return (await getProfileView(member)).profile;
}

export type Profile = Awaited<ReturnType<typeof getProfile>>;
