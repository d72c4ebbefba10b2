import { and, eq, ne } from 'drizzle-orm';
import { inTransaction } from '../../db/client';
import { members, sessions } from '../../db/schema';
import { AppError } from '../../errors';
import { sha256 } from '../auth/one-time-token';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertStrongPassword, memberPasswordOwner } from '../auth/password-policy';
import type { SessionMember } from '../auth/session-member';

export const PASSWORD_CHANGED = 'Password telah berhasil diubah.';
export const OLD_PASSWORD_WRONG = 'Password lama salah';

/** Changes the password after checking the old one; other sessions of the member end. */
export async function changePassword(member: SessionMember, currentToken: string | undefined, oldPassword: string, newPassword: string): Promise<string> {
  await assertStrongPassword(newPassword, 'password_baru', memberPasswordOwner(member));
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(async (tx) => {
    const [row] = await tx.select({ hash: members.passwordHash }).from(members).where(eq(members.id, member.id)).for('update');
    if (!row || !(await verifyPassword(row.hash, oldPassword))) {
      throw new AppError('BAD_INPUT', OLD_PASSWORD_WRONG, { password_lama: OLD_PASSWORD_WRONG });
    }
    await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
    await tx.delete(sessions).where(and(eq(sessions.memberId, member.id), ne(sessions.idHash, sha256(currentToken ?? ''))));
  });
  return PASSWORD_CHANGED;
}
