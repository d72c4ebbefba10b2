import { and, count, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { toCount } from '../money';
import { members, orders } from '../schema';

/** A member's row, locked for an operator's change (the snapshot its audit `before` is taken from). */
export async function lockMemberForCare(tx: Tx, idMember: string) {
  const [row] = await tx.select().from(members).where(eq(members.idMember, idMember)).for('update');
  return row;
}

export type MemberCareRow = NonNullable<Awaited<ReturnType<typeof lockMemberForCare>>>;

/** Other members with this e-mail address (case-insensitive). */
export async function emailHoldersBesides(db: Db | Tx, email: string, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(and(eq(sql`lower(${members.email})`, email.toLowerCase()), ne(members.id, memberId)));
  return toCount(row?.n);
}

/**
 * The member's orders whose BV a closed day already counted (COMP_PLAN.md: every bonus is caused
 * by a paid order's BV): the member's own registration, upgrades and repeat orders. Their
 * sponsor, pass-up, RO and pairing bonuses were paid along the sponsor line and placement.
 */
export async function countedOrdersOf(db: Db | Tx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        isNotNull(orders.tanggalBonus),
        or(eq(orders.newMemberId, memberId), and(eq(orders.memberId, memberId), inArray(orders.jenisOrder, ['upg', 'ro']))),
      ),
    );
  return toCount(row?.n);
}

/** Another member by ID Member: id, path and depth. */
export async function memberPlace(db: Db | Tx, idMember: string) {
  const [row] = await db
    .select({ id: members.id, idMember: members.idMember, nama: members.nama, path: members.path, depth: members.depth })
    .from(members)
    .where(eq(members.idMember, idMember))
    .limit(1);
  return row;
}

export async function setSponsor(tx: Tx, memberId: number, sponsorId: number): Promise<void> {
  await tx.update(members).set({ sponsorId }).where(eq(members.id, memberId));
}

export async function setPlacement(
  tx: Tx,
  memberId: number,
  place: { uplineId: number; sisi: 'L' | 'R'; path: string; depth: number },
): Promise<void> {
  await tx.update(members).set(place).where(eq(members.id, memberId));
}

/** The ID Member of a member's id (an upline or sponsor named in an audit row). */
export async function idMemberOfId(db: Db | Tx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ idMember: members.idMember }).from(members).where(eq(members.id, id)).limit(1);
  return row?.idMember ?? null;
}
