import { eq } from 'drizzle-orm';
import { getDb, inTransaction } from '../../db/client';
import { members, sessions } from '../../db/schema';
import { AppError } from '../../errors';
import { consumeToken, tokenMember } from './one-time-token';
import { hashPassword } from './password';
import { assertStrongPassword, memberPasswordOwner } from './password-policy';

export const RESET_PASSWORD_DONE = 'Password berhasil direset. Silakan login dengan password baru.';
export const RESET_TOKEN_INVALID = 'Link reset password tidak valid atau sudah kedaluwarsa';

/** Sets a new password from a reset (or welcome) link; the link works once, old sessions end. */
export async function resetPassword(token: string, password: string): Promise<string> {
  // Checked against the link's member before the link is used, so a refused password leaves it working.
  const memberId = await tokenMember(token, ['reset-password', 'set-password']);
  const [owner] = memberId === undefined ? [] : await (await getDb())
    .select({ username: members.username, idMember: members.idMember, nama: members.nama, email: members.email })
    .from(members).where(eq(members.id, memberId));
  await assertStrongPassword(password, 'password', owner && memberPasswordOwner(owner));
  const passwordHash = await hashPassword(password);
  await inTransaction(async (tx) => {
    const used = (await consumeToken(tx, token, 'reset-password')) ?? (await consumeToken(tx, token, 'set-password'));
    if (!used) throw new AppError('BAD_INPUT', RESET_TOKEN_INVALID);
    await tx.update(members).set({ passwordHash }).where(eq(members.id, used.memberId));
    await tx.delete(sessions).where(eq(sessions.memberId, used.memberId));
  });
  return RESET_PASSWORD_DONE;
}
