import { createHash, randomBytes } from 'node:crypto';
import { getDb } from '../../db/client';
import {
  insertSimulatorTransfers,
  markSimulatorTransfers,
  type SimulatorTransfer,
  settleSimulatorTransfer,
  simulatorTransfer,
  simulatorTransfersOfKey,
} from '../../db/queries/payout-simulator';
import { settingOrInsert } from '../../db/queries/settings';
import { BANKS } from '../../domain/banks';
import { payoutSignature } from './signature';
import { type AccountValidation, type PayoutProvider, PayoutProviderError, type ProviderPayout } from './types';

/**
 * The built-in disbursement simulator's deterministic table (README "Configuration"): no keys, no
 * network. An account number ending in 000 does not exist at its bank (account validation says
 * so); a transfer to an account ending in 7 fails ("rekening tujuan tidak aktif"); every other
 * transfer completes. Approved transfers settle PAYOUT_SIMULATOR_DELAY_MS after approval (default
 * 3 s): a notification in Iris' shape, signed like Iris', goes to the same handler as Iris'
 * (POST /payout/notification), and a status poll after that moment answers the settled state.
 */
export const SIMULATOR_RULES = {
  invalidAccount: (account: string) => account.endsWith('000'),
  failingAccount: (account: string) => account.endsWith('7'),
  failure: { code: 'account_inactive', message: 'Rekening tujuan tidak aktif (simulator: nomor rekening berakhiran 7)' },
  invalid: 'Rekening tidak ditemukan di bank (simulator: nomor rekening berakhiran 000)',
} as const;

export const simulatorDelayMs = (): number => {
  const ms = Number(process.env.PAYOUT_SIMULATOR_DELAY_MS ?? 3000);
  return Number.isInteger(ms) && ms >= 0 ? ms : 3000;
};

let key: Promise<string> | undefined;

/** The simulator's merchant key: random per installation, in the settings table (like the payment simulator's). */
function simulatorMerchantKey(): Promise<string> {
  key ??= (async () => (await settingOrInsert(await getDb(), 'payout_simulator_key', randomBytes(32).toString('hex'))) as string)().catch(
    (error) => {
      key = undefined;
      throw error;
    },
  );
  return key;
}

export function forgetPayoutSimulatorKey(): void {
  key = undefined;
}

const reference = (idempotencyKey: string, position: number) =>
  `SIM${createHash('sha256').update(`${idempotencyKey}#${position}`).digest('hex').slice(0, 17).toUpperCase()}`;

/** Settles an approved transfer whose delay has passed (once: the update only takes an approved row). */
async function settled(t: SimulatorTransfer): Promise<SimulatorTransfer> {
  if (t.status !== 'approved' || !t.approvedAt) return t;
  const due = new Date(Date.now() - simulatorDelayMs());
  if (t.approvedAt > due) return t;
  const failing = SIMULATOR_RULES.failingAccount(t.account);
  const db = await getDb();
  await settleSimulatorTransfer(db, t.referenceNo, due, failing ? 'failed' : 'completed', failing ? SIMULATOR_RULES.failure.message : null);
  return (await simulatorTransfer(db, t.referenceNo)) ?? t;
}

function asProvider(t: SimulatorTransfer): ProviderPayout {
  const failed = t.status === 'failed';
  return {
    referenceNo: t.referenceNo,
    status: t.status as ProviderPayout['status'],
    amount: t.amount,
    updatedAt: t.updatedAt.toISOString(),
    ...(failed ? { errorCode: SIMULATOR_RULES.failure.code, errorMessage: t.errorMessage ?? SIMULATOR_RULES.failure.message } : {}),
  };
}

/** The notification body Iris would POST (same fields, amount as a decimal string). */
export function simulatorNotificationBody(p: ProviderPayout): string {
  return JSON.stringify({
    reference_no: p.referenceNo,
    amount: `${p.amount}.00`,
    status: p.status,
    updated_at: p.updatedAt,
    ...(p.errorCode ? { error_code: p.errorCode, error_message: p.errorMessage } : {}),
  });
}

/** After the delay, each approved transfer settles and its signed notification goes to the handler. */
function notifyLater(referenceNos: string[]): void {
  const timer = setTimeout(() => {
    void (async () => {
      const { handlePayoutNotification } = await import('../../services/bonus/handle-payout-notification');
      const merchantKey = await simulatorMerchantKey();
      for (const ref of referenceNos) {
        const current = await simulatorTransfer(await getDb(), ref);
        if (!current) continue;
        const body = simulatorNotificationBody(asProvider(await settled(current)));
        await handlePayoutNotification(body, payoutSignature(body, merchantKey)).catch((error: unknown) => {
          console.error(`[payout-simulator] notifikasi ${ref}: ${(error as Error).message}`);
        });
      }
    })().catch((error: unknown) => console.error(`[payout-simulator] ${(error as Error).message}`));
  }, simulatorDelayMs() + 50);
  timer.unref?.();
}

export const simulatorPayoutProvider: PayoutProvider = {
  name: 'simulator',
  async create(idempotencyKey, payouts) {
    for (const p of payouts) {
      if (!BANKS.some((b) => b.kode === p.bank)) throw new PayoutProviderError(`Bank dengan kode ${p.bank} tidak dikenal`, 400);
      if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw new PayoutProviderError(`Jumlah payout ${p.notes} tidak valid`, 400);
    }
    const db = await getDb();
    await insertSimulatorTransfers(
      db,
      idempotencyKey,
      payouts.map((p, position) => ({ referenceNo: reference(idempotencyKey, position), position, ...p })),
    );
    const rows = await simulatorTransfersOfKey(db, idempotencyKey);
    // The same key with another list is refused, as Iris does ("idempotency-key is not unique").
    const same =
      rows.length === payouts.length &&
      rows.every((r, i) => r.account === payouts[i]!.account && r.amount === payouts[i]!.amount && r.notes === payouts[i]!.notes);
    if (!same) throw new PayoutProviderError('idempotency-key is not unique', 409);
    return rows.map((r) => ({ referenceNo: r.referenceNo, status: r.status as ProviderPayout['status'] }));
  },
  async approve(referenceNos) {
    await markSimulatorTransfers(await getDb(), referenceNos, 'approved');
    notifyLater(referenceNos);
  },
  async reject(referenceNos, reason) {
    await markSimulatorTransfers(await getDb(), referenceNos, 'rejected', reason);
  },
  async status(referenceNo) {
    const t = await simulatorTransfer(await getDb(), referenceNo);
    if (!t) throw new PayoutProviderError(`Payout ${referenceNo} tidak ditemukan`, 404);
    return asProvider(await settled(t));
  },
  async validateAccount(bank, account, nameOnFile): Promise<AccountValidation> {
    if (!BANKS.some((b) => b.kode === bank)) return { valid: false, message: `Bank dengan kode ${bank} tidak dikenal` };
    if (SIMULATOR_RULES.invalidAccount(account)) return { valid: false, message: SIMULATOR_RULES.invalid };
    return { valid: true, accountName: nameOnFile.toUpperCase() };
  },
  merchantKey: simulatorMerchantKey,
};
