import { PAYOUT_ACTIONS, type PayoutAction, settlePayout } from '../services/bonus/payouts';
import type { Actor } from '../services/operator/assert-role';

/**
 * `npm run ops -- payout:process|payout:complete|payout:reject|payout:fail <no> [--catatan "…"] [--admin "…"]`
 * (reject/fail need --catatan). `by` is the operator (with its role) when the command runs through
 * the server. Every action goes through the payout transition table (src/server/domain/payout-status.ts):
 * payout:complete only completes a processed payout that went to the bank in a batch.
 */
export async function payoutCommand(action: string, args: string[], by?: Actor): Promise<string> {
  const no = args[0];
  if (!no) throw new Error('Nomor payout harus diisi, contoh: npm run ops -- payout:complete WD-20261122-0000001');
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  if (!(PAYOUT_ACTIONS as readonly string[]).includes(action)) throw new Error(`Perintah payout:${action} tidak dikenal`);
  const admin = option('--admin');
  return settlePayout(
    no,
    action as PayoutAction,
    option('--catatan'),
    by ?? { id: null, nama: admin ? `${admin} (npm run ops)` : 'Sistem (npm run ops)' },
  );
}
