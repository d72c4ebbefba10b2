import { getDb, inTransaction, type Tx } from '../../db/client';
import {
  autoWithdrawCandidates,
  bankValidations,
  claimBonuses,
  insertQueuedPayout,
  lockUnpaidBonuses,
  memberBonusesByPublicIds,
  memberPayoutCounts,
  memberPayoutsPage,
  payoutAccountOf,
  unpaidBonuses,
  unpaidReversalIds,
} from '../../db/queries/payouts';
import { bankCodeOf, bankName } from '../../domain/banks';
import { planPayout } from '../../domain/bonus/payout';
import type { BonusPlan } from '../../domain/bonus/plan';
import {
  PAYOUT_ACTION_TARGETS,
  PAYOUT_STATUS_MESSAGES,
  type PayoutAction,
  type PayoutStatus,
  payoutMoveRefusal,
} from '../../domain/payout-status';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import type { Actor } from '../operator/assert-role';
import type { AuditActor } from '../operator/record-audit';
import { getPlan } from './get-plan';
import { movePayout } from './move-payout';

export const PAYOUT_REQUESTED = 'Permintaan withdraw berhasil dibuat';
export const BONUS_TAKEN = 'Sebagian bonus sudah diproses atau tidak ditemukan. Muat ulang halaman.';

/** GET /member/bonus/unpayout: the member's bonuses not yet in a live payout. */
export async function listUnpaidBonuses(member: SessionMember) {
  const rows = await unpaidBonuses(await getDb(), member.id);
  return rows.map((r) => ({
    public_id: r.publicId,
    tanggal: r.tanggal,
    jenis_bonus: r.jenisBonus,
    bonus_bruto: r.bonusBruto,
    pot_pph: r.potPph,
    bonus_dibayar: r.bonusDibayar,
    /** The reason KEUANGAN holds it (COMP_PLAN.md "Commission control"); null: it may be withdrawn. */
    ditahan: r.ditahan,
  }));
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
  const owed = chosen.length === 0 ? [] : await unpaidReversalIds(tx, memberId);
  const ids = [...new Set([...chosen, ...owed])];
  const bank = await payoutAccountOf(tx, memberId);
  // The table's entry move (new → queued). 409, not 403: the spec's client (spec/000 §8) signs the member out on a 403.
  const refusal = payoutMoveRefusal({ status: 'new', batchNo: null, memberSuspended: bank?.isSuspended ?? false }, 'queued');
  if (refusal) throw new AppError(refusal.code, refusal.message);
  const rows = await lockUnpaidBonuses(tx, memberId, ids);
  const verified = bank?.statusRekening === 'VERIFIED';
  if (verified && rows.length !== ids.length) throw new AppError('CONFLICT', BONUS_TAKEN);
  const check = planPayout(
    rows.map((r) => r.bonusDibayar),
    verified,
    plan,
  );
  if (!check.ok) throw new AppError('BAD_INPUT', check.message);
  const payout = await insertQueuedPayout(tx, {
    memberId,
    totalBonus: check.total_bonus,
    adminFee: check.admin_fee,
    nominal: check.nominal,
    bankNama: bankName(bank!.kodeBank),
    noRekening: bank!.noRekening,
    namaRekening: bank!.namaRekening,
    bonusIds: ids,
  });
  const claimed = await claimBonuses(
    tx,
    payout.id,
    rows.map((r) => r.id),
  );
  if (claimed !== rows.length) throw new AppError('CONFLICT', BONUS_TAKEN);
  return payout.publicId;
}

/**
 * Auto-withdraw (COMP_PLAN.md): after a closing, every member with auto_widraw on and a verified
 * bank whose unpaid bonuses reach the minimum gets one queued payout of all of them.
 */
export async function queueAutoWithdrawals(tx: Tx, plan: BonusPlan): Promise<number> {
  const candidates = await autoWithdrawCandidates(tx, plan.adminFee, plan.minimumPayout);
  for (const c of candidates) await queuePayout(tx, c.memberId, c.ids, plan);
  return candidates.length;
}

export interface PayoutQuery {
  from: string;
  to: string;
  status: string[];
  search?: string;
  page: number;
  page_size: number;
}

/** GET /member/bonus/payout: the member's payouts (drafts without bonuses hidden) with the summary counts. */
export async function listPayouts(member: SessionMember, q: PayoutQuery) {
  const db = await getDb();
  const [rows, { byStatus, unqueued }] = await Promise.all([
    memberPayoutsPage(db, member.id, q, { limit: q.page_size, offset: (q.page - 1) * q.page_size }),
    memberPayoutCounts(db, member.id),
  ]);
  const [bonuses, validations] = await Promise.all([
    memberBonusesByPublicIds(
      db,
      member.id,
      rows.flatMap((r) => r.bonusIds),
    ),
    bankValidations(
      db,
      rows.flatMap((r) => {
        const kodeBank = bankCodeOf(r.bankNama);
        return kodeBank && r.noRekening ? [{ kodeBank, noRekening: r.noRekening }] : [];
      }),
    ),
  ]);
  const verified = (r: { bankNama: string | null; noRekening: string | null }) =>
    validations.some((v) => v.valid && v.kodeBank === bankCodeOf(r.bankNama) && v.noRekening === r.noRekening);
  const count = (s: PayoutStatus) => byStatus[s] ?? 0;
  return {
    rows: rows.map((r) => ({
      public_id: r.publicId,
      no: r.no,
      status: r.status,
      created_at: r.createdAt,
      processed_at: r.processedAt,
      completed_at: r.completedAt,
      no_rekening: r.noRekening,
      bank_nama: r.bankNama,
      total_bonus: r.totalBonus,
      admin_fee: r.adminFee,
      nominal: r.nominal,
      bonus_ids: r.bonusIds,
      bank: { nama: r.bankNama },
      // The disbursement provider's side: the bank's reference, its last status, the reason of a failure.
      reference_no: r.referenceNo,
      provider_status: r.providerStatus,
      catatan: r.catatan,
      rekening_terverifikasi: verified(r),
      bonuses: bonuses
        .filter((b) => r.bonusIds.includes(b.publicId))
        .map((b) => ({
          public_id: b.publicId,
          tanggal: b.tanggal,
          jenis_bonus: b.jenisBonus,
          bonus_bruto: b.bonusBruto,
          bonus_dibayar: b.bonusDibayar,
        })),
    })),
    total_count: rows.length,
    summary: {
      not_queued: unqueued,
      queued: count('queued'),
      processed: count('processed'),
      completed: count('completed'),
      rejected: count('rejected'),
      failed: count('failed'),
    },
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
