import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { mailOutbox, members, oneTimeTokens } from '../../src/server/db/schema';
import { acceptCodeOfEthics } from '../../src/server/services/account/accept-code-of-ethics';
import { requestPasswordReset } from '../../src/server/services/auth/request-password-reset';
import { RESET_TOKEN_INVALID, resetPassword } from '../../src/server/services/auth/reset-password';
import { resolveSession } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';

const creds = (username: string, password = 'rahasia123') => ({ username, password, remember: false });

/** Every text or json value in every table that contains the given string. */
async function findEverywhere(needle: string): Promise<string[]> {
  const db = await getDb();
  const columns = await selectRows<{ table_name: string; column_name: string }>(
    db,
    sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
  );
  const hits: string[] = [];
  for (const c of columns) {
    const [row] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(c.table_name)}
      where ${sql.identifier(c.column_name)}::text like ${`%${needle}%`}`,
    );
    if (row!.n > 0) hits.push(`${c.table_name}.${c.column_name}`);
  }
  return hits;
}

describe('passwords are never stored or logged in clear', () => {
  let output: string[];
  beforeEach(() => {
    output = [];
    const capture = (...args: unknown[]) => {
      output.push(args.map(String).join(' '));
    };
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(capture);
  });
  afterEach(() => vi.restoreAllMocks());

  it('through sign-in, a failed sign-in, a reset request and a reset', async () => {
    const id = '1000000231';
    await signIn(creds(id), { address: '192.0.2.31' });
    await expect(signIn(creds(id, 'SalahSekali#77'), { address: '192.0.2.31' })).rejects.toThrow();
    await requestPasswordReset(id, '192.0.2.31');
    const db = await getDb();
    const [member] = await db.select({ email: members.email }).from(members).where(eq(members.idMember, id));
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, member!.email));
    const token = new URL((mail!.meta as { link: string }).link).searchParams.get('token')!;
    await resetPassword(token, 'BaruSekali#2026');
    await signIn(creds(id, 'BaruSekali#2026'), { address: '192.0.2.31' });

    for (const secret of ['rahasia123', 'SalahSekali#77', 'BaruSekali#2026']) {
      expect(await findEverywhere(secret), secret).toEqual([]);
      expect(
        output.filter((line) => line.includes(secret)),
        secret,
      ).toEqual([]);
    }
    // Tokens are stored only as hashes too.
    expect(await findEverywhere(token)).toEqual(['mail_outbox.text', 'mail_outbox.meta']);
  });
});

describe('reset token', () => {
  it('an expired link is refused', async () => {
    const db = await getDb();
    const [member] = await db.select({ id: members.id, email: members.email }).from(members).where(eq(members.idMember, '1000000232'));
    await requestPasswordReset('1000000232', '192.0.2.31');
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, member!.email));
    const token = new URL((mail!.meta as { link: string }).link).searchParams.get('token')!;
    await db.update(oneTimeTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeTokens.memberId, member!.id));
    await expect(resetPassword(token, 'passwordbaru1')).rejects.toMatchObject({ message: RESET_TOKEN_INVALID });
  });

  it('a new request makes the older link useless', async () => {
    const db = await getDb();
    const [member] = await db.select({ email: members.email }).from(members).where(eq(members.idMember, '1000000233'));
    await requestPasswordReset('1000000233', '192.0.2.31');
    await requestPasswordReset('1000000233', '192.0.2.31');
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, member!.email)).orderBy(mailOutbox.id);
    const [older, newer] = mails.map((m) => new URL((m.meta as { link: string }).link).searchParams.get('token')!);
    await expect(resetPassword(older!, 'passwordbaru1')).rejects.toMatchObject({ message: RESET_TOKEN_INVALID });
    await resetPassword(newer!, 'passwordbaru1');
  });
});

describe('sign-in rate limit', () => {
  it('per address: 20 failures on any accounts lock the address, even for a right password', async () => {
    const address = '198.51.100.200';
    for (let i = 0; i < 20; i++) {
      await expect(signIn(creds(`tidakada${i}`, 'x'), { address })).rejects.toMatchObject({
        message: 'ID Member/Username atau password salah',
      });
    }
    await expect(signIn(creds('1000000234'), { address })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Terlalu banyak percobaan masuk. Coba lagi dalam 15 menit.',
    });
    // Another address is not affected.
    expect((await signIn(creds('1000000234'), { address: '198.51.100.201' })).user.idMember).toBe('1000000234');
  });

  it('per account and address: username and ID Member count as one account', async () => {
    const db = await getDb();
    const [m] = await db.select({ username: members.username }).from(members).where(eq(members.idMember, '1000000238'));
    for (let i = 0; i < 3; i++) await expect(signIn(creds(m!.username, 'x'), { address: '203.0.114.1' })).rejects.toThrow();
    for (let i = 0; i < 2; i++) await expect(signIn(creds('1000000238', 'x'), { address: '203.0.114.1' })).rejects.toThrow();
    await expect(signIn(creds(m!.username.toUpperCase()), { address: '203.0.114.1' })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(signIn(creds('1000000238'), { address: '203.0.114.1' })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('per account and address: the lock message; strangers elsewhere cannot lock the owner out (ASVS 2.2.1)', async () => {
    for (let i = 0; i < 5; i++) await expect(signIn(creds('1000000235', 'x'), { address: '203.0.113.1' })).rejects.toThrow();
    await expect(signIn(creds('1000000235'), { address: '203.0.113.1' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Terlalu banyak percobaan masuk. Coba lagi dalam 15 menit.',
    });
    expect((await signIn(creds('1000000235'), { address: '203.0.113.99' })).user.idMember).toBe('1000000235');
  });
});

describe('code of ethics', () => {
  it('a member who has not accepted is flagged, and accepting through the service records it', async () => {
    const db = await getDb();
    await db.update(members).set({ statusKodeetik: false }).where(eq(members.idMember, '1000000236'));
    const { token, user } = await signIn(creds('1000000236'), { address: '192.0.2.36' });
    expect(user.statusKodeetik).toBe(false);
    const other = (await signIn(creds('1000000237'), { address: '192.0.2.36' })).user;

    await expect(acceptCodeOfEthics(user, other.publicId, true)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(acceptCodeOfEthics(user, user.publicId, false)).rejects.toMatchObject({
      message: 'Centang persetujuan kode etik terlebih dahulu',
    });
    expect((await resolveSession(token))!.statusKodeetik).toBe(false);
    expect(await acceptCodeOfEthics(user, user.publicId, true)).toBe('Terima kasih, kode etik telah disetujui');
    expect((await resolveSession(token))!.statusKodeetik).toBe(true);
  });
});
