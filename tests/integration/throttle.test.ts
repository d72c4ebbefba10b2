import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { auditLog, mailOutbox, members, operatorSessions, operators, sessions } from '../../src/server/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { FORGOT_PASSWORD_SENT, requestPasswordReset } from '../../src/server/services/auth/request-password-reset';
import { signIn } from '../../src/server/services/auth/sign-in';
import { RESET_LINK_SENT, sendResetLink } from '../../src/server/services/member-care/send-reset-link';
import { resolveOperatorSession, type SessionOperator } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
import { memberId } from './helpers';
import { callRoute } from './route-harness';

/**
 * Issue #21 (second outside test): one throttle for every password or secret guess. Strangers
 * cannot lock an operator out, and guesses sent in parallel are limited like guesses in a row:
 * the attempt is reserved before the password is checked.
 */

const LOCKED = 'Terlalu banyak percobaan masuk. Coba lagi dalam 15 menit.';
const OPERATOR_WRONG = 'Username atau password operator salah';
const MEMBER_WRONG = 'ID Member/Username atau password salah';

type Outcome = 'ok' | 'wrong' | 'refused';

/** What the caller of a service saw: signed in, wrong password (checked), or refused unchecked. */
const outcomeOf = (attempt: Promise<unknown>, wrongMessage: string): Promise<Outcome> =>
  attempt.then(
    () => 'ok' as const,
    (error: { code?: string; message?: string }) => {
      if (error.code === 'RATE_LIMITED' && error.message === LOCKED) return 'refused' as const;
      if (error.code === 'UNAUTHORIZED' && error.message === wrongMessage) return 'wrong' as const;
      throw error;
    },
  );

/** What a CLI sees from POST /admin/api/token. */
async function tokenOutcome(username: string, password: string, clientAddress: string): Promise<Outcome> {
  const result = await callRoute('/admin/api/token', 'POST', { body: { username, password }, clientAddress });
  if (result.status === 200 && typeof (result.json?.result as { token?: unknown })?.token === 'string') return 'ok';
  if (result.status === 401 && result.json?.message === OPERATOR_WRONG) return 'wrong';
  if (result.status === 429 && result.json?.message === LOCKED) return 'refused';
  throw new Error(`unexpected answer ${result.status} ${result.text.slice(0, 200)}`);
}

/**
 * Sends `n` wrong guesses at once and, as soon as one of them has been refused (so the limit is
 * reached), the right password as well, while the wrong ones may still be checked.
 */
async function guessInParallel(n: number, wrong: () => Promise<Outcome>, right: () => Promise<Outcome>) {
  let firstRefusal!: () => void;
  const refused = new Promise<void>((resolve) => {
    firstRefusal = resolve;
  });
  const all = Promise.all(
    Array.from({ length: n }, () =>
      wrong().then((outcome) => {
        if (outcome === 'refused') firstRefusal();
        return outcome;
      }),
    ),
  );
  await Promise.race([refused, all]);
  const last = await right();
  const outcomes = await all;
  return {
    wrong: outcomes.filter((o) => o === 'wrong').length,
    refused: outcomes.filter((o) => o === 'refused').length,
    ok: outcomes.filter((o) => o === 'ok').length,
    right: last,
  };
}

const operatorId = async (username: string) =>
  (await (await getDb()).select({ id: operators.id }).from(operators).where(eq(operators.username, username)))[0]!.id;
const operatorSessionCount = async (username: string) =>
  (
    await (
      await getDb()
    )
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, await operatorId(username)))
  ).length;
const memberRow = async (idMember: string) =>
  (await (await getDb()).select({ id: members.id, email: members.email }).from(members).where(eq(members.idMember, idMember)))[0]!;
const memberSessionCount = async (idMember: string) =>
  (
    await (
      await getDb()
    )
      .select()
      .from(sessions)
      .where(eq(sessions.memberId, (await memberRow(idMember)).id))
  ).length;
const mailsTo = async (idMember: string) =>
  (
    await (
      await getDb()
    )
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, (await memberRow(idMember)).email))
  ).length;

describe('strangers cannot lock an operator out (ASVS 2.2.1, as members)', () => {
  it('console sign-in: six wrong passwords from one address lock that address; the owner signs in from another', async () => {
    const stranger = '203.0.113.66';
    const tries: Outcome[] = [];
    for (let i = 0; i < 6; i++)
      tries.push(
        await outcomeOf(signInOperator({ username: 'superadmin', password: 'tebakan-salah' }, { address: stranger }), OPERATOR_WRONG),
      );
    expect(tries).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong', 'refused']);
    // The right password from the stranger's address is refused unchecked too.
    expect(
      await outcomeOf(signInOperator({ username: 'superadmin', password: DEMO_OPERATOR_PASSWORD }, { address: stranger }), OPERATOR_WRONG),
    ).toBe('refused');
    const owner = await signInOperator({ username: 'superadmin', password: DEMO_OPERATOR_PASSWORD }, { address: '198.51.100.10' });
    expect(owner.operator.role).toBe('SUPERADMIN');
  });

  it('console sign-in: wrong passwords from many addresses do not lock the owner out', async () => {
    for (let i = 0; i < 8; i++) {
      expect(
        await outcomeOf(
          signInOperator({ username: 'gudang', password: 'tebakan-salah' }, { address: `203.0.113.${120 + i}` }),
          OPERATOR_WRONG,
        ),
      ).toBe('wrong');
    }
    expect(
      (await signInOperator({ username: 'gudang', password: DEMO_OPERATOR_PASSWORD }, { address: '198.51.100.11' })).operator.role,
    ).toBe('GUDANG');
  });

  it('POST /admin/api/token: a stranger locked out of keuangan does not keep the owner’s CLI out', async () => {
    const tries: Outcome[] = [];
    for (let i = 0; i < 6; i++) tries.push(await tokenOutcome('keuangan', 'tebakan-salah', '203.0.113.77'));
    expect(tries).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong', 'refused']);
    expect(await tokenOutcome('keuangan', DEMO_OPERATOR_PASSWORD, '203.0.113.77')).toBe('refused');
    for (let i = 0; i < 3; i++) expect(await tokenOutcome('keuangan', 'tebakan-salah', `203.0.113.${90 + i}`)).toBe('wrong');
    const owner = await callRoute('/admin/api/token', 'POST', {
      body: { username: 'keuangan', password: DEMO_OPERATOR_PASSWORD },
      clientAddress: '198.51.100.12',
    });
    expect(owner.status).toBe(200);
    expect((await resolveOperatorSession((owner.json!.result as { token: string }).token))?.role).toBe('KEUANGAN');
  });
});

describe('parallel guesses are limited like guesses in a row', () => {
  it('console sign-in: of 30 parallel guesses 5 are checked, the right password after them gets no session', async () => {
    const address = '203.0.113.140';
    const before = await operatorSessionCount('konten');
    const result = await guessInParallel(
      30,
      () => outcomeOf(signInOperator({ username: 'konten', password: 'tebakan-salah' }, { address }), OPERATOR_WRONG),
      () => outcomeOf(signInOperator({ username: 'konten', password: DEMO_OPERATOR_PASSWORD }, { address }), OPERATOR_WRONG),
    );
    expect(result).toEqual({ wrong: 5, refused: 25, ok: 0, right: 'refused' });
    expect(await operatorSessionCount('konten')).toBe(before);
  });

  it('POST /admin/api/token: of 30 parallel guesses 5 are checked, the right password after them gets no token', async () => {
    const address = '203.0.113.141';
    const before = await operatorSessionCount('cs');
    const result = await guessInParallel(
      30,
      () => tokenOutcome('cs', 'tebakan-salah', address),
      () => tokenOutcome('cs', DEMO_OPERATOR_PASSWORD, address),
    );
    expect(result).toEqual({ wrong: 5, refused: 25, ok: 0, right: 'refused' });
    expect(await operatorSessionCount('cs')).toBe(before);
  });

  it('POST /admin/api/token: one address guessing at many operators is stopped after 20 checks', async () => {
    const address = '203.0.113.142';
    const names = ['superadmin', 'gudang', 'keuangan', 'konten', 'cs', 'admin', 'root', 'operator'];
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => tokenOutcome(names[i % names.length]!, `tebakan-${i}`, address)),
    );
    expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(20);
  });

  it('member sign-in: of 30 parallel guesses 5 are checked, the right password after them gets no session', async () => {
    const id = memberId(281);
    const address = '203.0.113.143';
    const before = await memberSessionCount(id);
    const creds = (password: string) => ({ username: id, password, remember: false });
    const result = await guessInParallel(
      30,
      () => outcomeOf(signIn(creds('tebakan-salah'), { address }), MEMBER_WRONG),
      () => outcomeOf(signIn(creds('rahasia123'), { address }), MEMBER_WRONG),
    );
    expect(result).toEqual({ wrong: 5, refused: 25, ok: 0, right: 'refused' });
    expect(await memberSessionCount(id)).toBe(before);
    // The owner elsewhere still signs in.
    expect((await signIn(creds('rahasia123'), { address: '198.51.100.143' })).user.idMember).toBe(id);
  });

  it('forgot password: 30 parallel requests for one member from 30 addresses send 3 mails, each answered the same', async () => {
    const id = memberId(282);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => requestPasswordReset(id, `192.0.2.${150 + i}`)));
    expect(answers.every((a) => a === FORGOT_PASSWORD_SENT)).toBe(true);
    expect(await mailsTo(id)).toBe(3);
  });

  it('forgot password: 30 parallel requests from one address are answered 10 times, refused 20 times', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        requestPasswordReset(memberId(300 + i), '198.51.100.150').then(
          () => 'sent',
          (error: { code?: string; message?: string }) => `${error.code} ${error.message}`,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'RATE_LIMITED Terlalu banyak permintaan reset password. Coba lagi dalam 15 menit.')).toHaveLength(
      20,
    );
  });
});

describe('CS reset links are throttled per member', () => {
  const cs = async (): Promise<SessionOperator> =>
    (await resolveOperatorSession(
      (
        await signInOperator({ username: 'cs', password: DEMO_OPERATOR_PASSWORD }, { address: 'cs-desk' })
      ).token,
    ))!;
  const auditCount = async (idMember: string) =>
    (
      await (
        await getDb()
      )
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.object, `member:${idMember}`), eq(auditLog.action, 'member:send-reset-link')))
    ).length;
  const tokenCount = async (idMember: string) =>
    (
      await selectRows<{ n: number }>(
        await getDb(),
        sql`
    select count(*)::int as n from one_time_tokens where member_id = ${(await memberRow(idMember)).id} and purpose = 'reset-password'`,
      )
    )[0]!.n;

  it('five links per member per window, then a message; nothing mailed, issued or audited', async () => {
    const operator = await cs();
    const id = memberId(283);
    for (let i = 0; i < 5; i++) expect(await sendResetLink(operator, id)).toBe(RESET_LINK_SENT);
    await expect(sendResetLink(operator, id)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Terlalu banyak link reset password untuk member ini. Coba lagi dalam 15 menit.',
    });
    expect(await mailsTo(id)).toBe(5);
    expect(await auditCount(id)).toBe(5);
    expect(await tokenCount(id)).toBe(5);
    // Another member is not affected.
    expect(await sendResetLink(operator, memberId(284))).toBe(RESET_LINK_SENT);
  });

  it('20 parallel links for one member send 5', async () => {
    const operator = await cs();
    const id = memberId(285);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        sendResetLink(operator, id).then(
          () => 'sent',
          (error: { code?: string }) => error.code,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'RATE_LIMITED')).toHaveLength(15);
    expect(await mailsTo(id)).toBe(5);
    expect(await auditCount(id)).toBe(5);
  });
});
