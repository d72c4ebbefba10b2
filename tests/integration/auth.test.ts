import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { mailOutbox, members } from '../../src/server/db/schema';
import { AppError } from '../../src/server/errors';
import { FORGOT_PASSWORD_SENT, requestPasswordReset } from '../../src/server/services/auth/request-password-reset';
import { resetPassword } from '../../src/server/services/auth/reset-password';
import { endSession, resolveSession } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';

const ctx = { address: '203.0.113.9' };
const creds = (username: string, password = 'rahasia123') => ({ username, password, remember: false });

describe('sign-in', () => {
  it('accepts the username or the ID Member and opens a session', async () => {
    const byName = await signIn(creds('demosilver'), ctx);
    const byId = await signIn(creds(byName.user.idMember), ctx);
    expect(byId.user.username).toBe('demosilver');
    expect(byName.token).not.toBe(byId.token);
    expect((await resolveSession(byName.token))?.username).toBe('demosilver');
  });

  it('refuses a wrong password with the Indonesian message', async () => {
    await expect(signIn(creds('demobronze', 'salah-sekali'), ctx)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'ID Member/Username atau password salah',
    });
  });

  it('stores sessions and passwords only as hashes', async () => {
    const { token } = await signIn(creds('demostokis'), ctx);
    const db = await getDb();
    const found = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from sessions where id_hash = ${token}`);
    expect(found[0]!.n).toBe(0);
    const [m] = await db.select({ hash: members.passwordHash }).from(members).where(eq(members.username, 'demostokis'));
    expect(m!.hash).toMatch(/^\$argon2id\$/);
    expect(m!.hash).not.toContain('rahasia123');
  });

  it('a logged-out session is no longer accepted', async () => {
    const { token } = await signIn(creds('demoplatinum'), ctx);
    await endSession(token);
    expect(await resolveSession(token)).toBeUndefined();
    expect(await resolveSession('dibuat-buat')).toBeUndefined();
  });

  it('five failures from one address lock that address out of the account, even with the right password', async () => {
    for (let i = 0; i < 5; i++)
      await expect(signIn(creds('demobaru', 'keliru'), { address: '198.51.100.7' })).rejects.toBeInstanceOf(AppError);
    await expect(signIn(creds('demobaru'), { address: '198.51.100.7' })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('password reset', () => {
  it('answers the same for unknown members and mails a single-use link to known ones', async () => {
    const db = await getDb();
    expect(await requestPasswordReset('tidakada', ctx.address)).toBe(FORGOT_PASSWORD_SENT);
    expect(await requestPasswordReset('demobronze', ctx.address)).toBe(FORGOT_PASSWORD_SENT);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'demobronze@contoh.id'));
    expect(mails).toHaveLength(1);
    const link = (mails[0]!.meta as { link: string }).link;
    const token = new URL(link).searchParams.get('token')!;
    const { token: oldSession } = await signIn(creds('demobronze'), ctx);

    await resetPassword(token, 'passwordbaru1');
    await expect(resetPassword(token, 'passwordbaru2')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(await resolveSession(oldSession)).toBeUndefined();
    await expect(signIn(creds('demobronze', 'rahasia123'), ctx)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await signIn(creds('demobronze', 'passwordbaru1'), ctx)).user.username).toBe('demobronze');
  });
});
