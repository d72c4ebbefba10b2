import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ProfileSchema } from '../../src/lib/schemas/account';
import { memberFieldErrors } from '../../src/lib/schemas/order-member-rules';
import { getDb } from '../../src/server/db/client';
import { mailOutbox, members } from '../../src/server/db/schema';
import { FORGOT_PASSWORD_SENT, requestPasswordReset } from '../../src/server/services/auth/request-password-reset';
import { signIn } from '../../src/server/services/auth/sign-in';
import { memberId, sessionOf } from './helpers';

/** Issue #13 "authentication": what an outside tester did to other members' accounts. */

const creds = (username: string, password = 'rahasia123') => ({ username, password, remember: false });
const emailOf = async (idMember: string) =>
  (await (await getDb()).select({ email: members.email }).from(members).where(eq(members.idMember, idMember)))[0]!.email;
const mailsTo = async (email: string) => (await (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;

describe('no lockout by strangers (ASVS 2.2.1)', () => {
  it('five wrong passwords from strangers do not keep the owner out from the owner’s address', async () => {
    const id = memberId(241);
    for (let i = 0; i < 6; i++)
      await expect(signIn(creds(id, 'tebakan-salah'), { address: `203.0.113.${10 + i}` })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const owner = await signIn(creds(id), { address: '198.51.100.241' });
    expect(owner.user.idMember).toBe(id);
  });

  it('one address guessing at one account is locked out of it (the correct password too), not out of others', async () => {
    const id = memberId(242);
    for (let i = 0; i < 5; i++)
      await expect(signIn(creds(id, 'tebakan-salah'), { address: '203.0.113.50' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(signIn(creds(id), { address: '203.0.113.50' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: /Coba lagi dalam \d+ menit/,
    });
    expect((await signIn(creds(id), { address: '203.0.113.51' })).user.idMember).toBe(id);
    expect((await signIn(creds(memberId(243)), { address: '203.0.113.50' })).user.idMember).toBe(memberId(243));
  });
});

describe('forgot password is rate limited', () => {
  it('40 requests for one member from 40 addresses send at most 3 mails, each answered the same', async () => {
    const id = memberId(244);
    for (let i = 0; i < 40; i++) expect(await requestPasswordReset(id, `192.0.2.${100 + i}`)).toBe(FORGOT_PASSWORD_SENT);
    expect(await mailsTo(await emailOf(id))).toBe(3);
  });

  it('one address is refused with a message after 10 requests, whoever it asks for', async () => {
    for (let i = 0; i < 10; i++) await requestPasswordReset(memberId(250 + i), '198.51.100.99');
    await expect(requestPasswordReset(memberId(261), '198.51.100.99')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: /^Terlalu banyak permintaan reset password/,
    });
    expect(await mailsTo(await emailOf(memberId(261)))).toBe(0);
  });
});

describe('a username never stands for an ID Member', () => {
  it('the profile and the registration refuse a username of ten digits', () => {
    const result = ProfileSchema.safeParse({ username: memberId(3), nama: 'Nama Uji', email: 'a@contoh.id', phone: '6281234567890' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('Username tidak boleh berupa ID Member (10 angka)');
    expect(ProfileSchema.safeParse({ username: 'budi2026', nama: 'Nama Uji' }).error?.issues.map((i) => i.path[0]) ?? []).not.toContain(
      'username',
    );
    expect(memberFieldErrors({ username: '1000000003' }).username).toBe('Username tidak boleh berupa ID Member (10 angka)');
  });

  it('sign-in and reset by an ID Member reach that ID’s owner even when another member’s username equals it (legacy data)', async () => {
    const db = await getDb();
    const target = memberId(262);
    const other = memberId(263);
    await db.update(members).set({ username: target }).where(eq(members.idMember, other));
    expect((await signIn(creds(target), { address: '198.51.100.201' })).user.idMember).toBe(target);
    await requestPasswordReset(target, '198.51.100.202');
    expect(await mailsTo(await emailOf(target))).toBe(1);
    expect(await mailsTo(await emailOf(other))).toBe(0);
  });
});

describe('common and breached passwords are refused (offline lists, Indonesian words too)', () => {
  it('reset and change refuse 12345678, password, 8 spaces, rahasia123 and sayangku; nothing changes', async () => {
    const { changePassword } = await import('../../src/server/services/account/change-password');
    const { resetPassword } = await import('../../src/server/services/auth/reset-password');
    const me = await sessionOf(memberId(264));
    for (const weak of ['12345678', 'password', '        ', 'rahasia123', 'sayangku', 'qwertyui']) {
      await expect(changePassword(me, me.token, 'rahasia123', weak), weak).rejects.toMatchObject({
        code: 'BAD_INPUT',
        message: 'Password terlalu mudah ditebak',
        fields: { password_baru: 'Password terlalu mudah ditebak' },
      });
      await expect(resetPassword('token-apa-saja', weak), weak).rejects.toMatchObject({ message: 'Password terlalu mudah ditebak' });
    }
    expect((await sessionOf(memberId(264))).idMember).toBe(memberId(264));
    expect(await changePassword(me, me.token, 'rahasia123', 'Kopi-Tubruk-1987')).toBe('Password telah berhasil diubah.');
  });
});
