import { sql } from 'drizzle-orm';
import { getDb, inTransaction, selectRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { bankName } from '../../domain/banks';
import type { BonusPlan } from '../../domain/bonus/plan';
import { getPlan } from './get-plan';
import { planPayout } from '../../domain/bonus/payout';
import { PAYOUT_ACTION_TARGETS, PAYOUT_STATUS_MESSAGES, payoutMoveRefusal, type PayoutAction, type PayoutStatus } from '../../domain/payout-status';
import { movePayout } from './move-payout';
import type { SessionMember } from '../auth/session-member';
import { containsPattern } from '../../db/like';
import type { AuditActor } from '../operator/record-audit';
import type { Actor } from '../operator/assert-role';

export const PAYOUT_REQUESTED = 'Permintaan withdraw berhasil dibuat';
export const BONUS_TAKEN = 'Sebagian bonus sudah diproses atau tidak ditemukan. Muat ulang halaman.';

/** GET /member/bonus/unpayout: the member's bonuses not yet in a live payout. */
export async function listUnpaidBonuses(member: SessionMember) {
  const rows = await selectRows<{ public_id: string; tanggal: string; jenis_bonus: string; bonus_bruto: string; pot_pph: string; bonus_dibayar: string }>(await getDb(), sql`
    select public_id::text as public_id, tanggal::text as tanggal, jenis_bonus, bonus_bruto::text as bonus_bruto,
      pot_pph::text as pot_pph, bonus_dibayar::text as bonus_dibayar
    from bonuses where member_id = ${member.id} and payout_id is null and status_transfer = 'PENDING'
    order by tanggal desc, id desc limit 1000`);
  return rows.map((r) => ({ ...r, bonus_bruto: Number(r.bonus_bruto), pot_pph: Number(r.pot_pph), bonus_dibayar: Number(r.bonus_dibayar) }));
}

/**
 * POST /member/bonus/payout: one payout of the chosen bonuses, in one transaction. The rows are
 * locked and claimed only while still free, so simultaneous requests cannot take a bonus twice.
 */
/** A suspended member keeps its bonuses but cannot move money out until the suspension ends. */
export const PAYOUT_SUSPENDED = PAYOUT_STATUS_MESSAGES.memberSuspended;

export async function requestPayout(member: SessionMember, bonusIds: string[]): Promise<{ message: string; public_id: string }> {
  const ids = [...new Set(bonusIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const plan = await getPlan();
  return inTransaction(async (tx) => ({ message: PAYOUT_REQUESTED, public_id: await queuePayout(tx, member.id, ids, plan) }));
}

/** Queues a payout of the given bonus public ids inside the caller's transaction (also the closing's auto-withdraw). */
export async function queuePayout(tx: Tx, memberId: number, chosen: string[], plan: BonusPlan): Promise<string> {
  // Reversals (refunds, chargebacks) net first: every unpaid negative row joins the payout, so
  // a balance never pays out more than the member is owed (COMP_PLAN.md).
  const owed = chosen.length === 0 ? [] : await selectRows<{ public_id: string }>(tx, sql`
    select public_id::text as public_id from bonuses
    where member_id = ${memberId} and payout_id is null and status_transfer = 'PENDING' and bonus_dibayar < 0`);
  const ids = [...new Set([...chosen, ...owed.map((o) => o.public_id)])];
  const [bank] = await selectRows<{ status_rekening: string; kode_bank: string | null; no_rekening: string | null; nama_rekening: string | null; is_suspended: boolean }>(tx, sql`
    select status_rekening, kode_bank, no_rekening, nama_rekening, is_suspended from members where id = ${memberId}`);
  // The table's entry move (new → queued). 409, not 403: the spec's client (spec/000 §8) signs the member out on a 403.
  const refusal = payoutMoveRefusal({ status: 'new', batchNo: null, memberSuspended: bank?.is_suspended ?? false }, 'queued');
  if (refusal) throw new AppError(refusal.code, refusal.message);
  const rows = ids.length === 0 ? [] : await selectRows<{ id: number; bonus_dibayar: string }>(tx, sql`
    select id::int as id, bonus_dibayar::text as bonus_dibayar from bonuses
    where member_id = ${memberId} and payout_id is null and status_transfer = 'PENDING'
      and public_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
    for update`);
  const verified = bank?.status_rekening === 'VERIFIED';
  if (verified && rows.length !== ids.length) throw new AppError('CONFLICT', BONUS_TAKEN);
  const check = planPayout(rows.map((r) => Number(r.bonus_dibayar)), verified, plan);
  if (!check.ok) throw new AppError('BAD_INPUT', check.message);
  const [payout] = await selectRows<{ id: number; public_id: string }>(tx, sql`
    insert into payouts (no, member_id, status, total_bonus, admin_fee, nominal, bank_nama, no_rekening, nama_rekening, bonus_ids)
    values (${`WD-${Date.now()}-${memberId}`}, ${memberId}, ${'queued' satisfies PayoutStatus}, ${check.total_bonus}, ${check.admin_fee}, ${check.nominal},
      ${bankName(bank!.kode_bank)}, ${bank!.no_rekening}, ${bank!.nama_rekening}, ${JSON.stringify(ids)}::jsonb)
    returning id::int as id, public_id::text as public_id`);
  await tx.execute(sql`update payouts set no = 'WD-' || to_char(now() at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0') where id = ${payout!.id}`);
  const claimed = await selectRows<{ id: number }>(tx, sql`
    update bonuses set payout_id = ${payout!.id}
    where id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)}) and payout_id is null returning id::int as id`);
  if (claimed.length !== rows.length) throw new AppError('CONFLICT', BONUS_TAKEN);
  return payout!.public_id;
}

/**
 * Auto-withdraw (COMP_PLAN.md): after a closing, every member with auto_widraw on and a verified
 * bank whose unpaid bonuses reach the minimum gets one queued payout of all of them.
 */
export async function queueAutoWithdrawals(tx: Tx, plan: BonusPlan): Promise<number> {
  const candidates = await selectRows<{ member_id: number; ids: string[] }>(tx, sql`
    select b.member_id::int as member_id, array_agg(b.public_id::text order by b.id) as ids
    from bonuses b join members m on m.id = b.member_id
    where m.auto_widraw and m.status_rekening = 'VERIFIED' and not m.is_suspended and b.payout_id is null and b.status_transfer = 'PENDING'
    group by b.member_id having sum(b.bonus_dibayar) - ${plan.adminFee} >= ${plan.minimumPayout}`);
  for (const c of candidates) await queuePayout(tx, c.member_id, c.ids, plan);
  return candidates.length;
}

export interface PayoutQuery { from: string; to: string; status: string[]; search?: string; page: number; page_size: number }

/** GET /member/bonus/payout: the member's payouts (drafts without bonuses hidden) with the summary counts. */
export async function listPayouts(member: SessionMember, q: PayoutQuery) {
  const db = await getDb();
  const where = sql`p.member_id = ${member.id} and p.status <> 'draft'
    and p.created_at >= (${q.from}::date)::timestamp at time zone 'Asia/Jakarta' and p.created_at < (${q.to}::date + 1)::timestamp at time zone 'Asia/Jakarta'
    ${q.status.length ? sql`and p.status in (${sql.join(q.status.map((s) => sql`${s}`), sql`, `)})` : sql``}
    ${q.search ? sql`and p.no ilike ${containsPattern(q.search)}` : sql``}`;
  const [rows, counts, [unqueued]] = await Promise.all([
    selectRows<{ public_id: string; no: string; status: string; created_at: string; processed_at: string | null; completed_at: string | null; no_rekening: string | null; bank_nama: string | null; total_bonus: string; admin_fee: string; nominal: string; bonus_ids: string[] }>(db, sql`
      select p.public_id::text as public_id, p.no, p.status, p.created_at::text as created_at, p.processed_at::text as processed_at,
        p.completed_at::text as completed_at, p.no_rekening, p.bank_nama, p.total_bonus::text as total_bonus, p.admin_fee::text as admin_fee,
        p.nominal::text as nominal, p.bonus_ids
      from payouts p where ${where} order by p.created_at desc, p.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
    selectRows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from payouts where member_id = ${member.id} group by status`),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from bonuses where member_id = ${member.id} and payout_id is null and status_transfer = 'PENDING'`),
  ]);
  const allIds = rows.flatMap((r) => r.bonus_ids);
  const bonuses = allIds.length === 0 ? [] : await selectRows<{ public_id: string; tanggal: string; jenis_bonus: string; bonus_bruto: string; bonus_dibayar: string }>(db, sql`
    select public_id::text as public_id, tanggal::text as tanggal, jenis_bonus, bonus_bruto::text as bonus_bruto, bonus_dibayar::text as bonus_dibayar
    from bonuses where member_id = ${member.id} and public_id in (${sql.join(allIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
  const count = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  return {
    rows: rows.map((r) => ({
      ...r, total_bonus: Number(r.total_bonus), admin_fee: Number(r.admin_fee), nominal: Number(r.nominal), bank: { nama: r.bank_nama },
      bonuses: bonuses.filter((b) => r.bonus_ids.includes(b.public_id)).map((b) => ({ ...b, bonus_bruto: Number(b.bonus_bruto), bonus_dibayar: Number(b.bonus_dibayar) })),
    })),
    total_count: rows.length,
    summary: { not_queued: unqueued?.n ?? 0, queued: count('queued'), processed: count('processed'), completed: count('completed'), rejected: count('rejected'), failed: count('failed') },
  };
}

export { PAYOUT_ACTIONS, type PayoutAction } from '../../domain/payout-status';
export const PAYOUT_REASON_REQUIRED = PAYOUT_STATUS_MESSAGES.reasonRequired;
/** Who acts when no operator is signed in (the command line, the demo seed). */
export const SYSTEM_ACTOR: AuditActor = { id: null, nama: 'Sistem (npm run ops)' };

/**
 * An operator action on one payout (console, `npm run ops -- payout:*`) in its own transaction,
 * through the transition table (services/bonus/move-payout.ts); rejected or failed ones release
 * their bonuses to unpaid again.
 */
export async function settlePayout(no: string, action: PayoutAction, catatan?: string, by: Actor = SYSTEM_ACTOR): Promise<string> {
  await inTransaction((tx) => movePayout(tx, no, PAYOUT_ACTION_TARGETS[action], by, catatan));
  return `Payout ${no}: ${action} selesai`;
}
