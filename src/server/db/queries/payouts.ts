import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, type Placeholder, sql } from 'drizzle-orm';
import { firstBatchStatus } from '../../domain/payout-batch-status';
import type { PayoutStatus } from '../../domain/payout-status';
import { arrayLiteral } from '../bulk-insert';
import type { Db, Tx } from '../client';
import { preparedOnce, selectPreparedOnce, selectRows } from '../client';
import { containsPattern } from '../like';
import { toCount, toRupiah } from '../money';
import { inListOrAll, matchesOrAll } from '../optional-filters';
import {
  bankAccountValidations,
  bonuses,
  members,
  type PayoutBatchStatus,
  type PayoutProviderName,
  payoutBatches,
  payouts,
} from '../schema';
import { heldBonus, heldPayout, heldReason } from './commission-control';

type Executor = Db | Tx;

/**
 * Nothing is payable before its closing is approved (COMP_PLAN.md "Commission control"): a bonus of
 * a day whose closing is still a DRAFT stays out of requests, auto-withdrawals and batches. Rows of
 * no closing (adjustments) and of approved days pass.
 */
const outsideDraftClosing = (tanggal: typeof bonuses.tanggal) =>
  sql`not exists (select 1 from closed_days cd where cd.tanggal = ${tanggal} and cd.status = 'DRAFT')`;

/** A bonus not yet in a live payout (free to be requested), of an approved closing. */
const unpaidRow = and(isNull(bonuses.payoutId), eq(bonuses.statusTransfer, 'PENDING'), outsideDraftClosing(bonuses.tanggal));

/** The member's bonuses not yet in a live payout. */
const unpaid = (memberId: number | Placeholder) => and(eq(bonuses.memberId, memberId), unpaidRow);

/**
 * Not held by KEUANGAN (COMP_PLAN.md "Commission control"). A negative row (reversal, debit) is
 * never held: it always nets into the member's next payout.
 */
const notHeld = sql`(${bonuses.bonusDibayar} < 0 or not ${heldBonus(bonuses.memberId, bonuses.id)})`;

/** A bonus a payout may claim: unpaid and not held (the one rule requests, auto-withdrawals and batches use). */
const payableRow = and(unpaidRow, notHeld);
const payable = (memberId: number) => and(eq(bonuses.memberId, memberId), payableRow);

/** The member's unpaid bonuses, newest first (at most 1000), each with the reason of a live hold (null: payable). */
export async function unpaidBonuses(db: Executor, memberId: number) {
  // Prepared (the withdraw page, issue #24): see preparedOnce in ../client.
  const rows = await preparedOnce(db, 'unpaid_bonuses', () =>
    db
      .select({
        publicId: bonuses.publicId,
        tanggal: bonuses.tanggal,
        jenisBonus: bonuses.jenisBonus,
        bonusBruto: bonuses.bonusBruto,
        potPph: bonuses.potPph,
        bonusDibayar: bonuses.bonusDibayar,
        ditahan: sql<string | null>`case when ${notHeld} then null else ${heldReason(bonuses.memberId, bonuses.id)} end`,
      })
      .from(bonuses)
      .where(unpaid(sql.placeholder('memberId')))
      .orderBy(desc(bonuses.tanggal), desc(bonuses.id))
      .limit(1000)
      .prepare('unpaid_bonuses'),
  ).execute({ memberId });
  return rows.map((r) => ({
    ...r,
    bonusBruto: toRupiah(r.bonusBruto),
    potPph: toRupiah(r.potPph),
    bonusDibayar: toRupiah(r.bonusDibayar),
  }));
}

/**
 * The member's payouts per status and their bonuses not yet queued, in one prepared statement
 * (the withdraw page's counts, issue #24).
 */
export async function memberPayoutCounts(
  db: Executor,
  memberId: number,
): Promise<{ byStatus: Partial<Record<PayoutStatus, number>>; unqueued: number }> {
  const [row] = await selectPreparedOnce<{ by_status: string; unqueued: unknown }>(
    db,
    'member_payout_counts',
    () => {
      const member = sql.placeholder('memberId');
      return sql`select
        (select coalesce(json_object_agg(status, n), '{}')::text from (select status, count(*)::int as n from payouts where member_id = ${member} group by status) c) as by_status,
        (select count(*) from ${bonuses} where ${unpaid(member)}) as unqueued`;
    },
    { memberId },
  );
  return { byStatus: JSON.parse(row?.by_status ?? '{}'), unqueued: toCount(row?.unqueued) };
}

/** Public ids of the member's unpaid reversals (negative rows), which net into any payout. */
export async function unpaidReversalIds(db: Executor, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ publicId: bonuses.publicId })
    .from(bonuses)
    .where(and(unpaid(memberId), lt(bonuses.bonusDibayar, 0)));
  return rows.map((r) => r.publicId);
}

/** The member's bank details and standing a payout request is checked against. */
export async function payoutAccountOf(db: Executor, memberId: number) {
  const [row] = await db
    .select({
      statusRekening: members.statusRekening,
      kodeBank: members.kodeBank,
      noRekening: members.noRekening,
      namaRekening: members.namaRekening,
      isSuspended: members.isSuspended,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** Locks the member's given bonuses that are still unpaid and not held (the ones a payout may claim). */
export async function lockUnpaidBonuses(tx: Tx, memberId: number, publicIds: string[]) {
  if (publicIds.length === 0) return [];
  const rows = await tx
    .select({ id: bonuses.id, bonusDibayar: bonuses.bonusDibayar })
    .from(bonuses)
    .where(and(payable(memberId), inArray(bonuses.publicId, publicIds)))
    .for('update');
  return rows.map((r) => ({ id: r.id, bonusDibayar: toRupiah(r.bonusDibayar) }));
}

export interface NewPayout {
  memberId: number;
  totalBonus: number;
  adminFee: number;
  nominal: number;
  bankNama: string | null;
  noRekening: string | null;
  namaRekening: string | null;
  bonusIds: string[];
}

/**
 * Inserts a queued payout (the transition table's entry move, checked by the caller) and numbers
 * it WD-<Jakarta date>-<id>.
 */
export async function insertQueuedPayout(tx: Tx, p: NewPayout): Promise<{ id: number; publicId: string }> {
  const [row] = await tx
    .insert(payouts)
    .values({
      no: `WD-${Date.now()}-${p.memberId}`,
      memberId: p.memberId,
      status: 'queued' satisfies PayoutStatus,
      totalBonus: p.totalBonus,
      adminFee: p.adminFee,
      nominal: p.nominal,
      bankNama: p.bankNama,
      noRekening: p.noRekening,
      namaRekening: p.namaRekening,
      bonusIds: sql`${JSON.stringify(p.bonusIds)}::jsonb`,
    })
    .returning({ id: payouts.id, publicId: payouts.publicId });
  await tx
    .update(payouts)
    .set({ no: sql`'WD-' || to_char(now() at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(${payouts.id}::text, 7, '0')` })
    .where(eq(payouts.id, row!.id));
  return { id: toCount(row!.id), publicId: row!.publicId };
}

/** Gives the bonuses (by id) to the payout where still free; returns how many it claimed. */
export async function claimBonuses(tx: Tx, payoutId: number, bonusIds: number[]): Promise<number> {
  if (bonusIds.length === 0) return 0;
  const rows = await tx
    .update(bonuses)
    .set({ payoutId })
    .where(and(inArray(bonuses.id, bonusIds), isNull(bonuses.payoutId)))
    .returning({ id: bonuses.id });
  return rows.length;
}

/**
 * Members due an auto-withdraw: auto_widraw on, a verified bank, not suspended, and unpaid
 * bonuses whose sum less the admin fee reaches the minimum; with those bonuses' public ids.
 * The draft days' test again as a filter on the bonuses (already in payableRow): a draft closing's
 * tens of thousands of fresh rows are dropped before each would look up its member.
 */
export async function autoWithdrawCandidates(tx: Tx, adminFee: number, minimumPayout: number) {
  const rows = await selectRows<{ member_id: unknown; ids: string[] }>(
    tx,
    sql`
    select ${bonuses.memberId} as member_id, array_agg(${bonuses.publicId}::text order by ${bonuses.id}) as ids
    from ${bonuses} join members m on m.id = ${bonuses.memberId}
    where m.auto_widraw and m.status_rekening = 'VERIFIED' and not m.is_suspended and ${payableRow}
      and ${bonuses.tanggal} not in (select tanggal from closed_days where status = 'DRAFT')
    group by ${bonuses.memberId} having sum(${bonuses.bonusDibayar}) - ${adminFee} >= ${minimumPayout}`,
  );
  return rows.map((r) => ({ memberId: toCount(r.member_id), ids: r.ids }));
}

export interface MemberPayoutFilter {
  from: string;
  to: string;
  status: string[];
  search?: string;
}

/** A member's payouts (drafts hidden) created in [from, to] (Jakarta dates), newest first, one page. */
export async function memberPayoutsPage(db: Executor, memberId: number, f: MemberPayoutFilter, page: { limit: number; offset: number }) {
  // Prepared (the withdraw page's every view, issue #24): the status list and the pattern are
  // parameters that are empty when unused, so one statement serves every filter.
  const p = sql.placeholder;
  const rows = await preparedOnce(db, 'member_payouts_page', () =>
    db
      .select({
        publicId: payouts.publicId,
        no: payouts.no,
        status: payouts.status,
        createdAt: sql<string>`${payouts.createdAt}::text`,
        processedAt: sql<string | null>`${payouts.processedAt}::text`,
        completedAt: sql<string | null>`${payouts.completedAt}::text`,
        noRekening: payouts.noRekening,
        bankNama: payouts.bankNama,
        totalBonus: payouts.totalBonus,
        adminFee: payouts.adminFee,
        nominal: payouts.nominal,
        bonusIds: payouts.bonusIds,
        referenceNo: payouts.referenceNo,
        providerStatus: payouts.providerStatus,
        catatan: payouts.catatan,
      })
      .from(payouts)
      .where(
        and(
          eq(payouts.memberId, p('memberId')),
          ne(payouts.status, 'draft'),
          gte(payouts.createdAt, sql`(${p('from')}::date)::timestamp at time zone 'Asia/Jakarta'`),
          lt(payouts.createdAt, sql`(${p('to')}::date + 1)::timestamp at time zone 'Asia/Jakarta'`),
          inListOrAll(payouts.status, 'statuses'),
          matchesOrAll([payouts.no], 'like'),
        ),
      )
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('member_payouts_page'),
  ).execute({
    memberId,
    from: f.from,
    to: f.to,
    statuses: f.status,
    like: f.search ? containsPattern(f.search) : null,
    limit: page.limit,
    offset: page.offset,
  });
  return rows.map((r) => ({
    ...r,
    totalBonus: toRupiah(r.totalBonus),
    adminFee: toRupiah(r.adminFee),
    nominal: toRupiah(r.nominal),
    bonusIds: r.bonusIds as string[],
  }));
}

/** How many payouts per status, everybody's except drafts (the finance queue; a member's: memberPayoutCounts). */
export async function payoutStatusCounts(db: Executor): Promise<{ status: PayoutStatus; n: number }[]> {
  const rows = await db
    .select({ status: payouts.status, n: count() })
    .from(payouts)
    .where(ne(payouts.status, 'draft'))
    .groupBy(payouts.status);
  return rows.map((r) => ({ status: r.status, n: toCount(r.n) }));
}

/** The member's bonuses among the given public ids. */
export async function memberBonusesByPublicIds(db: Executor, memberId: number, publicIds: string[]) {
  if (publicIds.length === 0) return [];
  const rows = await preparedOnce(db, 'member_bonuses_by_public_ids', () =>
    db
      .select({
        publicId: bonuses.publicId,
        tanggal: bonuses.tanggal,
        jenisBonus: bonuses.jenisBonus,
        bonusBruto: bonuses.bonusBruto,
        bonusDibayar: bonuses.bonusDibayar,
      })
      .from(bonuses)
      .where(and(eq(bonuses.memberId, sql.placeholder('memberId')), sql`${bonuses.publicId} = any(${sql.placeholder('ids')}::uuid[])`))
      .prepare('member_bonuses_by_public_ids'),
  ).execute({ memberId, ids: arrayLiteral(publicIds) });
  return rows.map((r) => ({ ...r, bonusBruto: toRupiah(r.bonusBruto), bonusDibayar: toRupiah(r.bonusDibayar) }));
}

/** The finance queue of one status, oldest first, searchable by payout number, member id or name, account name. */
export async function payoutQueueRows(db: Executor, status: PayoutStatus, term: string | undefined, limit: number) {
  const rows = await db
    .select({
      no: payouts.no,
      status: payouts.status,
      createdAt: sql<string>`${payouts.createdAt}::text`,
      nominal: payouts.nominal,
      bankNama: payouts.bankNama,
      noRekening: payouts.noRekening,
      namaRekening: payouts.namaRekening,
      catatan: payouts.catatan,
      idMember: members.idMember,
      nama: members.nama,
      isSuspended: members.isSuspended,
      batchNo: payoutBatches.no,
      referenceNo: payouts.referenceNo,
      providerStatus: payouts.providerStatus,
    })
    .from(payouts)
    .innerJoin(members, eq(members.id, payouts.memberId))
    .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(
      and(
        eq(payouts.status, status),
        term
          ? or(
              ilike(payouts.no, containsPattern(term)),
              ilike(members.idMember, containsPattern(term)),
              ilike(members.nama, containsPattern(term)),
              ilike(payouts.namaRekening, containsPattern(term)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(payouts.createdAt), asc(payouts.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, nominal: toRupiah(r.nominal) }));
}

/** The latest exported bank batches, newest first. */
export async function recentPayoutBatches(db: Executor, limit: number) {
  const rows = await db
    .select({
      no: payoutBatches.no,
      status: payoutBatches.status,
      jumlahPayout: payoutBatches.jumlahPayout,
      totalNominal: payoutBatches.totalNominal,
      operatorNama: payoutBatches.operatorNama,
      createdAt: sql<string>`${payoutBatches.createdAt}::text`,
      completedAt: sql<string | null>`${payoutBatches.completedAt}::text`,
      provider: payoutBatches.provider,
      approvedByNama: payoutBatches.approvedByNama,
      approvedAt: sql<string | null>`${payoutBatches.approvedAt}::text`,
    })
    .from(payoutBatches)
    .orderBy(desc(payoutBatches.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, jumlahPayout: toCount(r.jumlahPayout), totalNominal: toRupiah(r.totalNominal) }));
}

/**
 * Locks the payouts a batch export considers, by id: the given numbers, or (`'ALL_PROCESSED'`)
 * every processed payout in no batch; with the member's standing, whether a hold covers it, and
 * the stored bank details.
 */
export async function lockPayoutsForBatch(tx: Tx, chosen: string[] | 'ALL_PROCESSED') {
  if (chosen !== 'ALL_PROCESSED' && chosen.length === 0) return [];
  const rows = await tx
    .select({
      no: payouts.no,
      status: payouts.status,
      batchId: payouts.batchId,
      isSuspended: members.isSuspended,
      ditahan: heldPayout(payouts.id, payouts.memberId),
      bankNama: payouts.bankNama,
      noRekening: payouts.noRekening,
      namaRekening: payouts.namaRekening,
      nominal: payouts.nominal,
    })
    .from(payouts)
    .innerJoin(members, eq(members.id, payouts.memberId))
    .where(chosen === 'ALL_PROCESSED' ? and(eq(payouts.status, 'processed'), isNull(payouts.batchId)) : inArray(payouts.no, chosen))
    .orderBy(asc(payouts.id))
    .for('update', { of: payouts });
  return rows.map((r) => ({ ...r, nominal: toRupiah(r.nominal), batchId: r.batchId === null ? null : toCount(r.batchId) }));
}

/** Records a bank batch of the given payouts (count and sum of their nominal), numbered BTR-<Jakarta date>-<id>, and puts them in it. */
export async function insertPayoutBatch(
  tx: Tx,
  payoutNos: string[],
  by: { id: number | null; nama: string },
  provider: { name: PayoutProviderName; idempotencyKey?: string } = { name: 'manual' },
): Promise<number> {
  const status: PayoutBatchStatus = firstBatchStatus(provider.name);
  const [batch] = await selectRows<{ id: unknown }>(
    tx,
    sql`
    insert into payout_batches (no, jumlah_payout, total_nominal, operator_id, operator_nama, provider, idempotency_key, status)
    select ${`BATCH-${Date.now()}`}, count(*), sum(nominal), ${by.id}, ${by.nama}, ${provider.name}, ${provider.idempotencyKey ?? null}, ${status}
    from payouts where no in (${sql.join(
      payoutNos.map((n) => sql`${n}`),
      sql`, `,
    )})
    returning id`,
  );
  const id = toCount(batch!.id);
  await tx
    .update(payoutBatches)
    .set({ no: sql`'BTR-' || to_char(now() at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(${payoutBatches.id}::text, 5, '0')` })
    .where(eq(payoutBatches.id, id));
  // Each payout's own idempotency key (the batch's key and its number) is stored before anything is sent.
  await tx
    .update(payouts)
    .set({ batchId: id, ...(provider.idempotencyKey ? { idempotencyKey: sql`${provider.idempotencyKey} || ':' || ${payouts.no}` } : {}) })
    .where(inArray(payouts.no, payoutNos));
  return id;
}

/** A batch's number by its id. */
export async function payoutBatchNo(db: Executor, batchId: number): Promise<string | undefined> {
  const [row] = await db.select({ no: payoutBatches.no }).from(payoutBatches).where(eq(payoutBatches.id, batchId));
  return row?.no;
}

/** A batch's id and provider by its number. */
export async function payoutBatchIdByNo(db: Executor, no: string): Promise<{ id: number; provider: PayoutProviderName } | undefined> {
  const [row] = await db
    .select({ id: payoutBatches.id, provider: payoutBatches.provider })
    .from(payoutBatches)
    .where(eq(payoutBatches.no, no));
  return row ? { id: toCount(row.id), provider: row.provider } : undefined;
}

/** The batch's payouts in the given statuses, by id, with their stored bank details. */
export async function batchPayouts(db: Executor, batchId: number, statuses: readonly PayoutStatus[]) {
  const rows = await db
    .select({
      no: payouts.no,
      bankNama: payouts.bankNama,
      noRekening: payouts.noRekening,
      namaRekening: payouts.namaRekening,
      nominal: payouts.nominal,
    })
    .from(payouts)
    .where(and(eq(payouts.batchId, batchId), inArray(payouts.status, [...statuses])))
    .orderBy(asc(payouts.id));
  return rows.map((r) => ({ ...r, nominal: toRupiah(r.nominal) }));
}

/** Locks a batch by its number. */
export async function lockPayoutBatch(tx: Tx, no: string) {
  const [row] = await tx
    .select({ id: payoutBatches.id, status: payoutBatches.status })
    .from(payoutBatches)
    .where(eq(payoutBatches.no, no))
    .for('update');
  return row ? { id: toCount(row.id), no, status: row.status } : undefined;
}

/** Locks the batch's payouts, by id. */
export async function lockBatchPayouts(tx: Tx, batchId: number) {
  return tx
    .select({ no: payouts.no, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.batchId, batchId))
    .orderBy(asc(payouts.id))
    .for('update');
}

/** Locks a batch by id, for a status move (a provider's answer knows the batch only by its payout). */
export async function lockPayoutBatchById(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: payoutBatches.id, no: payoutBatches.no, status: payoutBatches.status })
    .from(payoutBatches)
    .where(eq(payoutBatches.id, id))
    .for('update');
  return row ? { ...row, id: toCount(row.id) } : undefined;
}

/**
 * Locks one payout by number for a status move (the payout for update, its member for share),
 * with its batch's number and its member's standing.
 */
export async function lockPayoutForMove(tx: Tx, no: string) {
  const [row] = await selectRows<{
    id: unknown;
    status: PayoutStatus;
    batch_no: string | null;
    batch_provider: PayoutProviderName | null;
    is_suspended: boolean;
  }>(
    tx,
    sql`
    select p.id, p.status, b.no as batch_no, b.provider as batch_provider, m.is_suspended
    from payouts p join members m on m.id = p.member_id left join payout_batches b on b.id = p.batch_id
    where p.no = ${no} for update of p for share of m`,
  );
  return row
    ? { id: toCount(row.id), status: row.status, batchNo: row.batch_no, batchProvider: row.batch_provider, isSuspended: row.is_suspended }
    : undefined;
}

/**
 * Writes a payout's new status with the move's stamp and note. Only the transition table's door
 * (services/bonus/move-payout.ts) calls this, after the table allowed the move.
 */
export async function writePayoutStatus(
  tx: Tx,
  payoutId: number,
  to: PayoutStatus,
  effect: { stamp?: 'processed_at' | 'completed_at'; note?: true },
  catatan: string | null,
): Promise<void> {
  await tx
    .update(payouts)
    .set({
      status: to,
      ...(effect.stamp === 'processed_at' ? { processedAt: sql`now()` } : {}),
      ...(effect.stamp === 'completed_at' ? { completedAt: sql`now()`, processedAt: sql`coalesce(${payouts.processedAt}, now())` } : {}),
      ...(effect.note ? { catatan } : {}),
    })
    .where(eq(payouts.id, payoutId));
}

/** The payout's bonuses are paid (PROCESSED, transferred now). */
export async function payPayoutBonuses(tx: Tx, payoutId: number): Promise<void> {
  await tx.update(bonuses).set({ statusTransfer: 'PROCESSED', tglTransfer: sql`now()` }).where(eq(bonuses.payoutId, payoutId));
}

/** The payout's bonuses are released: unpaid again, free to be requested anew. */
export async function releasePayoutBonuses(tx: Tx, payoutId: number): Promise<void> {
  await tx.update(bonuses).set({ payoutId: null }).where(eq(bonuses.payoutId, payoutId));
}

/** A disbursement provider's batch, locked by its number. */
export async function lockProviderBatch(tx: Tx, no: string) {
  const [row] = await tx
    .select({
      id: payoutBatches.id,
      no: payoutBatches.no,
      status: payoutBatches.status,
      provider: payoutBatches.provider,
      operatorId: payoutBatches.operatorId,
      operatorNama: payoutBatches.operatorNama,
      idempotencyKey: payoutBatches.idempotencyKey,
      createdAt: payoutBatches.createdAt,
    })
    .from(payoutBatches)
    .where(eq(payoutBatches.no, no))
    .for('update');
  return row ? { ...row, id: toCount(row.id), operatorId: row.operatorId === null ? null : toCount(row.operatorId) } : undefined;
}

/** Stores a batch's new status (services/bonus/move-payout-batch.ts asks the transition table first); `approved` records the checker, `completed` the time. */
export async function setPayoutBatchStatus(
  tx: Tx,
  batchId: number,
  status: PayoutBatchStatus,
  approver?: { id: number | null; nama: string },
): Promise<void> {
  await tx
    .update(payoutBatches)
    .set({
      status,
      ...(status === 'completed' ? { completedAt: sql`now()` } : {}),
      ...(approver ? { approvedById: approver.id, approvedByNama: approver.nama, approvedAt: sql`now()` } : {}),
      ...(status === 'sent' ? { approvedById: null, approvedByNama: null, approvedAt: null } : {}),
    })
    .where(eq(payoutBatches.id, batchId));
}

/** The payouts of a provider's batch in its order (the create request's list), with what the provider needs. */
export async function providerBatchPayouts(db: Executor, batchId: number) {
  const rows = await db
    .select({
      id: payouts.id,
      no: payouts.no,
      status: payouts.status,
      nominal: payouts.nominal,
      bankNama: payouts.bankNama,
      noRekening: payouts.noRekening,
      namaRekening: payouts.namaRekening,
      referenceNo: payouts.referenceNo,
      isSuspended: members.isSuspended,
    })
    .from(payouts)
    .innerJoin(members, eq(members.id, payouts.memberId))
    .where(eq(payouts.batchId, batchId))
    .orderBy(asc(payouts.id));
  return rows.map((r) => ({ ...r, id: toCount(r.id), nominal: toRupiah(r.nominal) }));
}

/** Records the provider's references of a batch's payouts (only where none is stored yet). */
export async function recordPayoutReferences(tx: Tx, refs: { no: string; referenceNo: string; status: string }[]): Promise<void> {
  for (const r of refs) {
    await tx
      .update(payouts)
      .set({ referenceNo: r.referenceNo, providerStatus: r.status, providerUpdatedAt: sql`now()` })
      .where(and(eq(payouts.no, r.no), isNull(payouts.referenceNo)));
  }
}

/** Locks a payout by the provider's reference, for the provider's answer. */
export async function lockPayoutByReference(tx: Tx, referenceNo: string) {
  const [row] = await tx
    .select({
      id: payouts.id,
      no: payouts.no,
      status: payouts.status,
      nominal: payouts.nominal,
      batchId: payouts.batchId,
      providerStatus: payouts.providerStatus,
      providerUpdatedAt: payouts.providerUpdatedAt,
    })
    .from(payouts)
    .where(eq(payouts.referenceNo, referenceNo))
    .for('update');
  return row
    ? { ...row, id: toCount(row.id), nominal: toRupiah(row.nominal), batchId: row.batchId === null ? null : toCount(row.batchId) }
    : undefined;
}

/** Writes the provider's last status of a payout, its time and its error. */
export async function writeProviderStatus(tx: Tx, payoutId: number, status: string, at: Date, error: string | null): Promise<void> {
  await tx.update(payouts).set({ providerStatus: status, providerUpdatedAt: at, providerError: error }).where(eq(payouts.id, payoutId));
}

/** How many of a batch's payouts are still on their way (processed). */
export async function payoutsInFlightOfBatch(tx: Tx, batchId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(payouts)
    .where(and(eq(payouts.batchId, batchId), eq(payouts.status, 'processed')));
  return toCount(row?.n);
}

/** A provider's batches still waiting for its first answer (idempotency key stored, no references), oldest first. */
export async function sendingPayoutBatches(db: Executor, provider: PayoutProviderName) {
  const rows = await db
    .select({ no: payoutBatches.no, createdAt: payoutBatches.createdAt })
    .from(payoutBatches)
    .where(and(eq(payoutBatches.status, 'sending'), eq(payoutBatches.provider, provider)))
    .orderBy(asc(payoutBatches.id));
  return rows;
}

/** Every payout in flight at the provider: processed, with a reference, in an approved batch of that provider. */
export async function providerPayoutsInFlight(db: Executor, provider: PayoutProviderName, limit = 500) {
  return db
    .select({ no: payouts.no, referenceNo: payouts.referenceNo, batchNo: payoutBatches.no, approvedAt: payoutBatches.approvedAt })
    .from(payouts)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(
      and(
        eq(payouts.status, 'processed'),
        eq(payoutBatches.status, 'approved'),
        eq(payoutBatches.provider, provider),
        sql`${payouts.referenceNo} is not null`,
      ),
    )
    .orderBy(asc(payouts.id))
    .limit(limit);
}

/** The provider's latest validation of bank accounts (kode bank + account number). */
export async function bankValidations(db: Executor, accounts: { kodeBank: string; noRekening: string }[]) {
  if (accounts.length === 0) return [];
  // Prepared, the accounts as two array parameters (the withdraw page and the console, issue #24).
  return preparedOnce(db, 'bank_validations', () =>
    db
      .select({
        kodeBank: bankAccountValidations.kodeBank,
        noRekening: bankAccountValidations.noRekening,
        valid: bankAccountValidations.valid,
        namaBank: bankAccountValidations.namaBank,
        pesan: bankAccountValidations.pesan,
        provider: bankAccountValidations.provider,
      })
      .from(bankAccountValidations)
      .where(
        sql`(${bankAccountValidations.kodeBank}, ${bankAccountValidations.noRekening}) in (select * from unnest(${sql.placeholder('kode')}::text[], ${sql.placeholder('nomor')}::text[]))`,
      )
      .prepare('bank_validations'),
  ).execute({ kode: arrayLiteral(accounts.map((a) => a.kodeBank)), nomor: arrayLiteral(accounts.map((a) => a.noRekening)) });
}

/** Stores the provider's answer on a bank account (the latest one wins). */
export async function upsertBankValidation(
  tx: Tx,
  v: { kodeBank: string; noRekening: string; provider: PayoutProviderName; valid: boolean; namaBank: string | null; pesan: string | null },
): Promise<void> {
  await tx
    .insert(bankAccountValidations)
    .values(v)
    .onConflictDoUpdate({
      target: [bankAccountValidations.kodeBank, bankAccountValidations.noRekening],
      set: { provider: v.provider, valid: v.valid, namaBank: v.namaBank, pesan: v.pesan, validatedAt: sql`now()` },
    });
}
