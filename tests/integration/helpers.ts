import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../src/server/db/client';
import type { SessionMember } from '../../src/server/services/auth/session-member';
import { resolveSession } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';

/** Signs a demo member in through the real service and returns what the middleware would. */
export async function sessionOf(username: string, password = 'rahasia123'): Promise<SessionMember & { token: string }> {
  const { token } = await signIn({ username, password, remember: false }, { address: `test-${username}` });
  return { ...(await resolveSession(token))!, token };
}

/** ID Member of generated demo member n (seed 42): the same numbering as tests/e2e/fixtures.ts. */
export const memberId = (n: number): string => String(1_000_000_000 + n);

/** A generated member with a verified bank, no payout yet and at least Rp 100.000 of unpaid bonuses. */
export async function memberWithUnpaidBonuses(): Promise<string> {
  const [row] = await selectRows<{ id_member: string }>(
    await getDb(),
    sql`
    select m.id_member from members m join bonuses b on b.member_id = m.id
    where m.id > 5 and m.status_rekening = 'VERIFIED' and b.payout_id is null and not exists (select 1 from payouts p where p.member_id = m.id)
    group by m.id_member having sum(b.bonus_dibayar) >= 100000 order by m.id_member desc limit 1`,
  );
  return row!.id_member;
}

/** Generated members with a verified bank, no payout yet and enough unpaid bonuses, each given one queued payout (its number). */
export async function queuedPayouts(count: number, skip = 0): Promise<string[]> {
  const { listUnpaidBonuses, requestPayout } = await import('../../src/server/services/bonus/payouts');
  const db = await getDb();
  const members = await selectRows<{ id_member: string }>(
    db,
    sql`
    select m.id_member from members m join bonuses b on b.member_id = m.id
    where m.id > 5 and m.status_rekening = 'VERIFIED' and not m.is_suspended and b.payout_id is null and b.status_transfer = 'PENDING'
      and not exists (select 1 from payouts p where p.member_id = m.id)
    group by m.id_member having sum(b.bonus_dibayar) >= 100000 order by m.id_member offset ${skip} limit ${count}`,
  );
  if (members.length !== count) throw new Error(`hanya ${members.length} member untuk ${count} payout`);
  const nos: string[] = [];
  for (const m of members) {
    const me = await sessionOf(m.id_member);
    const { public_id } = await requestPayout(
      me,
      (await listUnpaidBonuses(me)).map((b) => b.public_id),
    );
    const [p] = await selectRows<{ no: string }>(db, sql`select no from payouts where public_id = ${public_id}::uuid`);
    nos.push(p!.no);
  }
  return nos;
}

/** Pays a payout as finance does: exported in a bank batch (processed on the way), then the batch marked completed. */
export async function payThroughBatch(no: string): Promise<void> {
  const { exportPayoutBatch } = await import('../../src/server/services/bonus/export-payout-batch');
  const { completePayoutBatch } = await import('../../src/server/services/bonus/complete-payout-batch');
  const by = { id: null, nama: 'Kartika Uji' } as const;
  const { selesai } = await completePayoutBatch((await exportPayoutBatch([no], by)).no, by);
  if (!selesai.includes(no)) throw new Error(`payout ${no} tidak selesai`);
}
