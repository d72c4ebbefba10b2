import { inTransaction } from '../../db/client';
import { insertReplacementOrder, lockReturnByNo, type ReturnFields } from '../../db/queries/returns';
import { decideReturn, RETURN_TRANSITIONS, type ReturnEvent } from '../../domain/return-status';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { getSetting } from '../settings';
import { moveReturn } from './move-return';

/** The return transitions an operator makes (console and `npm run ops -- retur:*`). */
export const RETUR_ACTIONS = ['approve', 'reject', 'receive', 'finish'] as const satisfies readonly ReturnEvent[];
export type ReturAction = (typeof RETUR_ACTIONS)[number];

/** The actions as the console's buttons and messages name them (the transition table's labels). */
export const RETUR_ACTION_LABELS = Object.fromEntries(RETUR_ACTIONS.map((a) => [a, RETURN_TRANSITIONS[a].label])) as Record<
  ReturAction,
  string
>;

/** id_admin of rows written by a script or the seed (no operator account): any non-zero id means "an admin". */
const OPERATOR_ID = 1;
export const DEFAULT_ADMIN = 'Admin Gudang';

/**
 * Operator actions on a return (DESIGN.md §7), decided by the transition table
 * (domain/return-status.ts) and written by moveReturn, each with its history row: approve, reject (with
 * the reason the member sees), receive the package at the office, finish (creates the replacement
 * order and links it as kirim_ulang), all in one transaction.
 */
export async function settleReturn(
  noRetur: string,
  action: ReturAction,
  options: { catatan?: string; admin?: string; by?: Actor } = {},
): Promise<string> {
  // Without `by` it is the seed or a script acting as the system; a signed-in operator must be GUDANG.
  if (options.by) assertRole(options.by, ['GUDANG']);
  const admin = options.by?.nama ?? (options.admin?.trim() || DEFAULT_ADMIN);
  const idAdmin = options.by?.id ?? OPERATOR_ID;
  if (!RETUR_ACTIONS.includes(action)) throw new AppError('BAD_INPUT', 'Aksi retur tidak dikenal');
  const office = await getSetting('retur_office');
  return inTransaction(async (tx) => {
    const retur = await lockReturnByNo(tx, noRetur);
    if (!retur) throw new AppError('NOT_FOUND', `Retur ${noRetur} tidak ditemukan`);
    // Refused before any input check or replacement order, so a stale page answers why.
    const decision = decideReturn(noRetur, retur.status, action);
    if (!decision.ok) throw new AppError('CONFLICT', decision.message);
    let keterangan: string | null = options.catatan ?? null;
    let extra = '';
    let set: ReturnFields | undefined;
    if (action === 'reject') {
      if (!options.catatan?.trim()) throw new AppError('BAD_INPUT', 'Alasan penolakan harus diisi');
      set = { alasanDitolak: options.catatan.trim() };
    } else if (action === 'finish') {
      const replacement = await insertReplacementOrder(tx, retur.id, { id: idAdmin, nama: admin }, noRetur);
      set = { kirimUlangId: replacement.id };
      keterangan = `Invoice pengganti ${replacement.no_invoice}`;
      extra = ` (invoice pengganti ${replacement.no_invoice})`;
    } else if (action === 'receive') {
      keterangan = `${office.kota}|${options.catatan ?? `Paket retur diterima di ${office.nama}`}`;
    }
    const to = await moveReturn(tx, retur, action, { idAdmin, adminNama: admin, keterangan }, set);
    if (options.by) {
      await recordAudit(tx, options.by, `retur:${action}`, `retur:${noRetur}`, { status: retur.status }, { status: to, keterangan });
    }
    return `Retur ${noRetur}: ${action} selesai, status ${to}${extra}`;
  });
}
