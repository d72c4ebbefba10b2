import { inTransaction } from '../../db/client';
import { deleteMemberSessions, lockPasswordHash, setPasswordHash } from '../../db/queries/auth';
import { AppError } from '../../errors';
import { sha256 } from '../auth/one-time-token';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertStrongPassword, memberPasswordOwner } from '../auth/password-policy';
import type { SessionMember } from '../auth/session-member';

export const PASSWORD_CHANGED = 'Password telah berhasil diubah.';
export const OLD_PASSWORD_WRONG = 'Password lama salah';

/** Changes the password after checking the old one; other sessions of the member end. */
export async function changePassword(
  member: SessionMember,
  currentToken: string | undefined,
  oldPassword: string,
  newPassword: string,
): Promise<string> {
  await assertStrongPassword(newPassword, 'password_baru', memberPasswordOwner(member));
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(async (tx) => {
    const hash = await lockPasswordHash(tx, member.id);
    if (hash === undefined || !(await verifyPassword(hash, oldPassword))) {
      throw new AppError('BAD_INPUT', OLD_PASSWORD_WRONG, { password_lama: OLD_PASSWORD_WRONG });
    }
    await setPasswordHash(tx, member.id, passwordHash);
    await deleteMemberSessions(tx, member.id, sha256(currentToken ?? ''));
  });
  return PASSWORD_CHANGED;
}
