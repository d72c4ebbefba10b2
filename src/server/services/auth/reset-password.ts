import { getDb, inTransaction } from '../../db/client';
import { deleteMemberSessions, memberIdentity, setPasswordHash } from '../../db/queries/auth';
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
  const owner = memberId === undefined ? undefined : await memberIdentity(await getDb(), memberId);
  await assertStrongPassword(password, 'password', owner && memberPasswordOwner(owner));
  const passwordHash = await hashPassword(password);
  await inTransaction(async (tx) => {
    const used = (await consumeToken(tx, token, 'reset-password')) ?? (await consumeToken(tx, token, 'set-password'));
    if (!used) throw new AppError('BAD_INPUT', RESET_TOKEN_INVALID);
    await setPasswordHash(tx, used.memberId, passwordHash);
    await deleteMemberSessions(tx, used.memberId);
  });
  return RESET_PASSWORD_DONE;
}
