import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AdjustmentStatus } from '../../domain/adjustment-status';
import { type Db, selectRows, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import { bonusAdjustments, bonuses, bonusHolds, members, payoutBatches, payouts } from '../schema';

type Executor = Db | Tx;

/**
 * Whether a live KEUANGAN hold covers the bonus (COMP_PLAN.md "Commission control"): one on its
 * member (all their bonuses) or on the bonus itself. Given the bonus's member and id columns.
 */
export const heldBonus = (memberId: SQL | typeof bonuses.memberId, bonusId: SQL | typeof bonuses.id) =>
  sql`exists (select 1 from bonus_holds h where h.dilepas_at is null and h.member_id = ${memberId} and (h.bonus_id is null or h.bonus_id = ${bonusId}))`;

/** The reason of the live hold covering the bonus (its own first, then the member's), or null. */
export const heldReason = (memberId: SQL | typeof bonuses.memberId, bonusId: SQL | typeof bonuses.id) =>
  sql<string | null>`(select h.alasan from bonus_holds h where h.dilepas_at is null and h.member_id = ${memberId}
    and (h.bonus_id is null or h.bonus_id = ${bonusId}) order by h.bonus_id is null, h.id limit 1)`;

/** Whether a live hold covers the payout: its member's, or one on a bonus it carries. */
export const heldPayout = (payoutId: SQL | typeof payouts.id, memberId: SQL | typeof payouts.memberId) =>
  sql<boolean>`exists (select 1 from bonus_holds h where h.dilepas_at is null and h.member_id = ${memberId}
    and (h.bonus_id is null or h.bonus_id in (select b.id from bonuses b where b.payout_id = ${payoutId})))`;

/** A member by id_member: its id and name. */
export async function memberByIdMember(db: Executor, idMember: string) {
  const [row] = await db
    .select({ id: members.id, idMember: members.idMember, nama: members.nama })
    .from(members)
    .where(eq(members.idMember, idMember));
  return row ? { ...row, id: toCount(row.id) } : undefined;
}

/** One of the member's bonuses by public id, with its payout's batch (locked, for a hold). */
export async function lockMemberBonus(tx: Tx, memberId: number, publicId: string) {
  const [row] = await tx
    .select({
      id: bonuses.id,
      statusTransfer: bonuses.statusTransfer,
      tanggal: bonuses.tanggal,
      jenisBonus: bonuses.jenisBonus,
      batchNo: payoutBatches.no,
    })
    .from(bonuses)
    .leftJoin(payouts, eq(payouts.id, bonuses.payoutId))
    .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(and(eq(bonuses.memberId, memberId), eq(bonuses.publicId, publicId)))
    .for('update', { of: bonuses });
  return row ? { ...row, id: toCount(row.id) } : undefined;
}

/** The live hold of the member (bonusId null) or of one bonus, if any. */
export async function liveHold(db: Executor, memberId: number, bonusId: number | null) {
  const [row] = await db
    .select({ id: bonusHolds.id })
    .from(bonusHolds)
    .where(
      and(
        eq(bonusHolds.memberId, memberId),
        bonusId === null ? isNull(bonusHolds.bonusId) : eq(bonusHolds.bonusId, bonusId),
        isNull(bonusHolds.dilepasAt),
      ),
    );
  return row ? toCount(row.id) : undefined;
}

export async function insertHold(
  tx: Tx,
  h: { memberId: number; bonusId: number | null; alasan: string; by: { id: number | null; nama: string } },
) {
  const [row] = await tx
    .insert(bonusHolds)
    .values({ memberId: h.memberId, bonusId: h.bonusId, alasan: h.alasan, ditahanOlehId: h.by.id, ditahanOlehNama: h.by.nama })
    .returning({ id: bonusHolds.id });
  return toCount(row!.id);
}

/** Releases a live hold; its member, bonus and reason, or undefined when none was live. */
export async function releaseHoldRow(tx: Tx, id: number, by: string) {
  const [row] = await tx
    .update(bonusHolds)
    .set({ dilepasAt: sql`now()`, dilepasOlehNama: by })
    .where(and(eq(bonusHolds.id, id), isNull(bonusHolds.dilepasAt)))
    .returning({ memberId: bonusHolds.memberId, bonusId: bonusHolds.bonusId, alasan: bonusHolds.alasan });
  return row;
}

/** The live holds, newest first, with the member and the held bonus (if one). */
export async function liveHolds(db: Executor, limit = 200) {
  const rows = await db
    .select({
      id: bonusHolds.id,
      idMember: members.idMember,
      nama: members.nama,
      alasan: bonusHolds.alasan,
      ditahanOleh: bonusHolds.ditahanOlehNama,
      ditahanAt: sql<string>`${bonusHolds.ditahanAt}::text`,
      tanggal: bonuses.tanggal,
      jenisBonus: bonuses.jenisBonus,
      bonusDibayar: bonuses.bonusDibayar,
    })
    .from(bonusHolds)
    .innerJoin(members, eq(members.id, bonusHolds.memberId))
    .leftJoin(bonuses, eq(bonuses.id, bonusHolds.bonusId))
    .where(isNull(bonusHolds.dilepasAt))
    .orderBy(desc(bonusHolds.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, id: toCount(r.id), bonusDibayar: r.bonusDibayar === null ? null : toRupiah(r.bonusDibayar) }));
}

/** The member's bonuses not yet paid (PENDING), newest first, with the reason of a live hold covering each. */
export async function pendingBonusesOf(db: Executor, memberId: number, limit = 200) {
  const rows = await db
    .select({
      publicId: bonuses.publicId,
      tanggal: bonuses.tanggal,
      jenisBonus: bonuses.jenisBonus,
      bonusDibayar: bonuses.bonusDibayar,
      payoutNo: payouts.no,
      ditahan: heldReason(bonuses.memberId, bonuses.id),
    })
    .from(bonuses)
    .leftJoin(payouts, eq(payouts.id, bonuses.payoutId))
    .where(and(eq(bonuses.memberId, memberId), eq(bonuses.statusTransfer, 'PENDING')))
    .orderBy(desc(bonuses.tanggal), desc(bonuses.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, bonusDibayar: toRupiah(r.bonusDibayar) }));
}

/** Sum of the member's unpaid net bonus (PENDING, not in a live payout): what a debit may not overdraw. */
export async function unpaidBalance(tx: Tx, memberId: number): Promise<number> {
  const [row] = await selectRows<{ saldo: unknown }>(
    tx,
    sql`select coalesce(sum(bonus_dibayar), 0) as saldo from bonuses where member_id = ${memberId} and payout_id is null and status_transfer = 'PENDING'`,
  );
  return toRupiah(row?.saldo);
}

/** Serialises adjustments of one member (the balance check and the row written) until the transaction ends. */
export async function lockMemberForAdjustment(tx: Tx, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
}

export async function insertAdjustment(
  tx: Tx,
  a: { memberId: number; jenis: 'KREDIT' | 'DEBIT'; nominal: number; alasan: string; by: { id: number | null; nama: string } },
) {
  const [row] = await tx
    .insert(bonusAdjustments)
    .values({
      memberId: a.memberId,
      jenis: a.jenis,
      nominal: a.nominal,
      alasan: a.alasan,
      status: 'diajukan',
      pembuatId: a.by.id,
      pembuatNama: a.by.nama,
    })
    .returning({ id: bonusAdjustments.id, publicId: bonusAdjustments.publicId });
  return { id: toCount(row!.id), publicId: row!.publicId };
}

/** An adjustment by public id, locked for its decision. */
export async function lockAdjustment(tx: Tx, publicId: string) {
  const [row] = await tx
    .select({
      id: bonusAdjustments.id,
      publicId: bonusAdjustments.publicId,
      memberId: bonusAdjustments.memberId,
      jenis: bonusAdjustments.jenis,
      nominal: bonusAdjustments.nominal,
      alasan: bonusAdjustments.alasan,
      status: bonusAdjustments.status,
      pembuatId: bonusAdjustments.pembuatId,
    })
    .from(bonusAdjustments)
    .where(eq(bonusAdjustments.publicId, publicId))
    .for('update');
  return row
    ? {
        ...row,
        id: toCount(row.id),
        memberId: toCount(row.memberId),
        nominal: toRupiah(row.nominal),
        pembuatId: row.pembuatId === null ? null : toCount(row.pembuatId),
      }
    : undefined;
}

/**
 * Writes an adjustment's decision. Only the transition table's door (services/bonus/decide-adjustment.ts)
 * calls this, after the table allowed the move.
 */
export async function writeAdjustmentDecision(
  tx: Tx,
  id: number,
  d: {
    status: AdjustmentStatus;
    by: { id: number | null; nama: string };
    catatan: string | null;
    tanggal: string | null;
    bonusId: number | null;
  },
): Promise<void> {
  await tx
    .update(bonusAdjustments)
    .set({
      status: d.status,
      pemeriksaId: d.by.id,
      pemeriksaNama: d.by.nama,
      catatan: d.catatan,
      tanggal: d.tanggal,
      bonusId: d.bonusId,
      diputuskanAt: sql`now()`,
    })
    .where(eq(bonusAdjustments.id, id));
}

/** Writes an approved adjustment's ADJUSTMENT bonus row; returns its id. */
export async function insertAdjustmentBonus(
  tx: Tx,
  b: { memberId: number; tanggal: string; bruto: number; pph: number; net: number; detail: unknown[] },
): Promise<number> {
  const [row] = await tx
    .insert(bonuses)
    .values({
      memberId: b.memberId,
      tanggal: b.tanggal,
      jenisBonus: 'ADJUSTMENT',
      bonusBruto: b.bruto,
      potPph: b.pph,
      bonusDibayar: b.net,
      detail: b.detail,
    })
    .returning({ id: bonuses.id });
  return toCount(row!.id);
}

/** The adjustments of the given statuses, oldest waiting first then newest decided, with the member. */
export async function adjustmentRows(db: Executor, limit = 200) {
  const rows = await db
    .select({
      publicId: bonusAdjustments.publicId,
      idMember: members.idMember,
      nama: members.nama,
      jenis: bonusAdjustments.jenis,
      nominal: bonusAdjustments.nominal,
      alasan: bonusAdjustments.alasan,
      status: bonusAdjustments.status,
      pembuatNama: bonusAdjustments.pembuatNama,
      pemeriksaNama: bonusAdjustments.pemeriksaNama,
      catatan: bonusAdjustments.catatan,
      createdAt: sql<string>`${bonusAdjustments.createdAt}::text`,
      tanggal: bonusAdjustments.tanggal,
    })
    .from(bonusAdjustments)
    .innerJoin(members, eq(members.id, bonusAdjustments.memberId))
    .orderBy(
      sql`${bonusAdjustments.status} = 'diajukan' desc`,
      asc(sql`case when ${bonusAdjustments.status} = 'diajukan' then ${bonusAdjustments.id} end`),
      desc(bonusAdjustments.id),
    )
    .limit(limit);
  return rows.map((r) => ({ ...r, nominal: toRupiah(r.nominal) }));
}
