import type { AuditActor } from '../services/operator/record-audit';
import { DEFAULT_ADMIN, OPERATOR_ACTIONS, type OperatorAction, type OperatorOptions, operateOrder } from '../services/order/operate-order';

export const ORDER_USAGE =
  'order:pack|pickupable|ship|track|receive|cancel <no_order> [--resi X] [--kota "…"] [--catatan "…"] [--oleh "…"] [--admin "…"]';

/** Reads `--name value` pairs after the order number. */
function options(args: string[]): OperatorOptions {
  const out: Record<string, string> = {};
  for (let i = 1; i < args.length; i++) {
    const name = args[i]!.match(/^--(resi|kota|catatan|oleh|admin)$/)?.[1];
    if (!name) throw new Error(`Argumen tidak dikenal: ${args[i]}`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`Nilai untuk --${name} harus diisi`);
    out[name] = value;
    i++;
  }
  return out;
}

/** `npm run ops -- order:<action> <no_order> …` (README, Operator commands); `by`: the operator when run through the server. */
export async function orderCommand(action: string, args: string[], by?: AuditActor): Promise<string> {
  if (!(OPERATOR_ACTIONS as readonly string[]).includes(action))
    throw new Error(`Perintah order:${action} tidak dikenal. Tersedia: ${ORDER_USAGE}`);
  const no = args[0];
  if (!no || no.startsWith('--')) throw new Error(`Nomor order harus diisi, contoh: npm run ops -- order:${action} ORD-20261122-0000001`);
  const given = options(args);
  // Through the server `by` is the signed-in operator; run locally, the name given with --admin.
  return operateOrder(action as OperatorAction, no, { ...given, by: by ?? { id: null, nama: given.admin?.trim() || DEFAULT_ADMIN } });
}
