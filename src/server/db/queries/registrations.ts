import { and, count, eq, sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';
import { toCount } from '../money';
import { members } from '../schema';

/** A prospective member's username or e-mail as an unpaid registration order holds it. */
const pendingRegistration = (field: 'username' | 'email') =>
  sql`status_order = 'PENDING' and jenis_order = 'reg' and lower(calon_member->>${sql.raw(`'${field}'`)})`;

/**
 * Serializes registrations of one username or e-mail until commit: a parallel registration waits
 * here, then sees the other's order in the counts below.
 */
export async function lockRegistrationIdentity(tx: Tx, username: string, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`calon-username:${username.toLowerCase()}`})),
    pg_advisory_xact_lock(hashtext(${`calon-email:${email.toLowerCase()}`}))`);
}

/** Members and unpaid registrations holding a username (case-insensitive). */
export async function countUsernameHolders(db: Db | Tx, username: string): Promise<number> {
  const [row] = await selectRows<{ n: unknown }>(
    db,
    sql`
    select (select count(*) from members where lower(username) = lower(${username}))
      + (select count(*) from orders where ${pendingRegistration('username')} = lower(${username})) as n`,
  );
  return toCount(row?.n);
}

/** Members and unpaid registrations holding an e-mail address (case-insensitive). */
export async function countEmailHolders(db: Db | Tx, email: string): Promise<number> {
  const [row] = await selectRows<{ n: unknown }>(
    db,
    sql`
    select (select count(*) from members where lower(email) = lower(${email}))
      + (select count(*) from orders where ${pendingRegistration('email')} = lower(${email})) as n`,
  );
  return toCount(row?.n);
}

/** Which of the names (lowercased) a member or an unpaid registration already holds. */
export async function takenUsernames(db: Db | Tx, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const list = sql.join(
    candidates.map((c) => sql`${c.toLowerCase()}`),
    sql`, `,
  );
  const rows = await selectRows<{ u: string }>(
    db,
    sql`
    select lower(username) as u from members where lower(username) in (${list})
    union select lower(calon_member->>'username') from orders
    where ${pendingRegistration('username')} in (${list})`,
  );
  return new Set(rows.map((r) => r.u));
}

/** Members whose e-mail is the given (already lowercased) address. */
export async function countMembersWithEmail(db: Db | Tx, lowercased: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(eq(sql`lower(${members.email})`, lowercased));
  return toCount(row?.n);
}

/** The active (not suspended) member behind a referral code. */
export async function findActiveMemberByReferralCode(db: Db | Tx, code: string) {
  const [row] = await db
    .select({ id: members.id, posisi: members.posisi, nama: members.nama, id_member: members.idMember, kode_referal: members.kodeReferal })
    .from(members)
    .where(and(eq(members.kodeReferal, code), eq(members.isSuspended, false)));
  return row;
}
