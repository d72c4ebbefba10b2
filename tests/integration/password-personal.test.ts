import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/server/db/client';
import { members } from '../../src/server/db/schema';
import { changePassword } from '../../src/server/services/account/change-password';
import { issueToken } from '../../src/server/services/auth/one-time-token';
import { resetPassword } from '../../src/server/services/auth/reset-password';
import { signIn } from '../../src/server/services/auth/sign-in';
import { memberId, sessionOf } from './helpers';

/** Issue #21: a new password may not be the member's own username, ID Member, name or e-mail, nor built from them. */

const PERSONAL = 'Password tidak boleh memuat username, ID Member, nama atau e-mail Anda';

async function personalOf(idMember: string) {
  const [row] = await (await getDb())
    .select({ id: members.id, username: members.username, nama: members.nama, email: members.email })
    .from(members)
    .where(eq(members.idMember, idMember));
  return row!;
}

/** Passwords a guesser who knows the member would try first (each would pass the common-password check alone). */
function builtFromOwnData(m: { username: string; nama: string; email: string }, idMember: string): string[] {
  const firstName = m.nama.split(/\s+/).find((word) => word.length >= 4) ?? m.nama;
  return [
    `${m.username[0]!.toUpperCase()}${m.username.slice(1)}2024!`,
    `${idMember}-Kopi`,
    `${firstName}.Lestari88`,
    m.email,
    `Zq-${m.email.split('@')[0]}-77`,
  ];
}

describe('passwords built from the member’s own data are refused', () => {
  it('account change: username, ID Member, name and e-mail are refused with an Indonesian message; the old password still works', async () => {
    const id = memberId(265);
    const me = await sessionOf(id);
    const data = await personalOf(id);
    for (const weak of builtFromOwnData(data, id)) {
      await expect(changePassword(me, me.token, 'rahasia123', weak), weak).rejects.toMatchObject({
        code: 'BAD_INPUT',
        message: PERSONAL,
        fields: { password_baru: PERSONAL },
      });
    }
    expect((await signIn({ username: id, password: 'rahasia123', remember: false }, { address: '192.0.2.165' })).user.idMember).toBe(id);
  });

  it('reset link: refused the same way, and the link still works afterwards for a good password', async () => {
    const id = memberId(266);
    const data = await personalOf(id);
    const token = await issueToken(data.id, 'reset-password', 60);
    for (const weak of builtFromOwnData(data, id)) {
      await expect(resetPassword(token, weak), weak).rejects.toMatchObject({ code: 'BAD_INPUT', message: PERSONAL });
    }
    expect(await resetPassword(token, 'Kopi-Tubruk-1987')).toBe('Password berhasil direset. Silakan login dengan password baru.');
    expect((await signIn({ username: id, password: 'Kopi-Tubruk-1987', remember: false }, { address: '192.0.2.166' })).user.idMember).toBe(
      id,
    );
  });
});
