import type { AuditActor } from '../services/operator/record-audit';
import { DEFAULT_ADMIN, RETUR_ACTIONS, type ReturAction, settleReturn } from '../services/retur/operate-return';

/** `npm run ops -- retur:approve|retur:reject|retur:receive|retur:finish <no_retur> [--catatan "…"] [--admin "Nama"]` */
export async function returCommand(action: string, args: string[], by?: AuditActor): Promise<string> {
  const no = args[0];
  if (!no || no.startsWith('--')) throw new Error('Nomor retur harus diisi, contoh: npm run ops -- retur:approve RTR-20261122-0000001');
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  if (!(RETUR_ACTIONS as readonly string[]).includes(action))
    throw new Error(`Perintah retur:${action} tidak dikenal. Tersedia: retur:${RETUR_ACTIONS.join('|')}`);
  const admin = option('--admin')?.trim() || DEFAULT_ADMIN;
  // Through the server `by` is the signed-in operator; run locally, the name given with --admin.
  return settleReturn(no, action as ReturAction, { catatan: option('--catatan'), by: by ?? { id: null, nama: admin } });
}
