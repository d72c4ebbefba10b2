import { settlePayout } from '../../src/server/services/bonus/payouts';
import type { AuditActor } from '../../src/server/services/operator/record-audit';

/** `npm run ops -- payout:process|payout:complete|payout:reject|payout:fail <no> [--catatan "…"]` */
export async function payoutCommand(action: string, args: string[], by?: AuditActor): Promise<string> {
  const no = args[0];
  if (!no) throw new Error('Nomor payout harus diisi, contoh: npm run ops -- payout:complete WD-20261122-0000001');
  const catatanAt = args.indexOf('--catatan');
  const catatan = catatanAt >= 0 ? args[catatanAt + 1] : undefined;
  if (!['process', 'complete', 'reject', 'fail'].includes(action)) throw new Error(`Perintah payout:${action} tidak dikenal`);
  return settlePayout(no, action as 'process' | 'complete' | 'reject' | 'fail', catatan, by);
}
