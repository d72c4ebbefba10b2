// @template year — a member with unpaid bonuses

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { members, sessions } from '../../src/server/db/schema';
import { sha256 } from '../../src/server/services/auth/one-time-token';
import { resolveSession } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';
import { listUnpaidBonuses, requestPayout } from '../../src/server/services/bonus/payouts';
import { memberId, memberWithUnpaidBonuses, sessionOf } from './helpers';

/** Issue #13 "sessions": an idle timeout without Remember Me; suspended members cannot move money out. */

const idleFor = async (token: string, minutes: number) =>
  (await getDb())
    .update(sessions)
    .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes}::int)` })
    .where(eq(sessions.idHash, sha256(token)));

describe('idle session timeout', () => {
  it('without Remember Me a session ends after 30 idle minutes; a request before that keeps it alive', async () => {
    const { token } = await signIn({ username: memberId(271), password: 'rahasia123', remember: false }, { address: '192.0.2.71' });
    await idleFor(token, 29);
    expect((await resolveSession(token))?.idMember).toBe(memberId(271));
    const [seen] = await selectRows<{ idle: number }>(
      await getDb(),
      sql`
      select extract(epoch from now() - last_seen_at)::int as idle from sessions where id_hash = ${sha256(token)}`,
    );
    expect(seen!.idle).toBeLessThan(60);
    await idleFor(token, 31);
    expect(await resolveSession(token)).toBeUndefined();
  });

  it('the session query, built once per process, answers each token with its own member and the idle bound of each call', async () => {
    const a = await signIn({ username: memberId(273), password: 'rahasia123', remember: false }, { address: '192.0.2.73' });
    const b = await signIn({ username: memberId(274), password: 'rahasia123', remember: false }, { address: '192.0.2.74' });
    for (let i = 0; i < 2; i++) {
      expect((await resolveSession(a.token))?.idMember).toBe(memberId(273));
      expect((await resolveSession(b.token))?.idMember).toBe(memberId(274));
    }
    await idleFor(b.token, 31);
    expect((await resolveSession(a.token))?.idMember).toBe(memberId(273));
    expect(await resolveSession(b.token)).toBeUndefined();
  });

  it('with Remember Me only the absolute lifetime counts', async () => {
    const { token } = await signIn({ username: memberId(272), password: 'rahasia123', remember: true }, { address: '192.0.2.72' });
    await idleFor(token, 24 * 60);
    expect((await resolveSession(token))?.idMember).toBe(memberId(272));
    await (await getDb())
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.idHash, sha256(token)));
    expect(await resolveSession(token)).toBeUndefined();
  });
});

describe('suspended members', () => {
  it('cannot request a payout; the bonuses stay unpaid and no payout row is written', async () => {
    const db = await getDb();
    const me = await sessionOf(await memberWithUnpaidBonuses());
    const ids = (await listUnpaidBonuses(me)).map((b) => b.public_id);
    await db.update(members).set({ isSuspended: true }).where(eq(members.id, me.id));
    await expect(requestPayout(me, ids)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Akun Anda sedang dibekukan, penarikan bonus tidak dapat diajukan',
    });
    const [counts] = await selectRows<{ payouts: number }>(
      db,
      sql`select count(*)::int as payouts from payouts where member_id = ${me.id}`,
    );
    expect(counts!.payouts).toBe(0);
    expect((await listUnpaidBonuses(me)).length).toBe(ids.length);
  });
});
