import { rupiahText } from '../../../lib/money-format';
import type { BonusPlan } from './plan';

export const PAYOUT_MESSAGES = {
  unverified: 'Tidak bisa melakukan widthraw, rekening belum terverifikasi...',
  belowMinimum: (minimum: number) => `Nominal penarikan minimal ${rupiahText(minimum)} setelah biaya admin`,
  empty: 'Pilih bonus yang akan ditarik',
} as const;

export type PayoutCheck = { ok: true; total_bonus: number; admin_fee: number; nominal: number } | { ok: false; message: string };

/** A payout of chosen unpaid bonuses (COMP_PLAN.md): Σ bonus_dibayar − admin fee, above the minimum, verified bank only. */
export function planPayout(bonusesDibayar: number[], bankVerified: boolean, plan: BonusPlan): PayoutCheck {
  if (!bankVerified) return { ok: false, message: PAYOUT_MESSAGES.unverified };
  if (bonusesDibayar.length === 0) return { ok: false, message: PAYOUT_MESSAGES.empty };
  const total = bonusesDibayar.reduce((s, b) => s + b, 0);
  const nominal = total - plan.adminFee;
  if (nominal < plan.minimumPayout) return { ok: false, message: PAYOUT_MESSAGES.belowMinimum(plan.minimumPayout) };
  return { ok: true, total_bonus: total, admin_fee: plan.adminFee, nominal };
}
