import { closeCommand } from '../../commands/close';
import { orderCommand } from '../../commands/order';
import { payoutCommand } from '../../commands/payout';
import { returCommand } from '../../commands/retur';
import { inTransaction } from '../../db/client';
import type { OperatorRole } from '../../db/schema';
import { AppError } from '../../errors';
import type { Actor } from './assert-role';
import type { SessionOperator } from './operator-sessions';
import { recordAudit } from './record-audit';

type Area = (action: string, args: string[], by: Actor) => Promise<string>;

/** What a running server accepts from the CLI (the same command code as `npm run ops`), and who may. */
const AREAS: Record<string, { roles: OperatorRole[]; run: Area }> = {
  order: { roles: ['GUDANG'], run: orderCommand },
  retur: { roles: ['GUDANG'], run: returCommand },
  payout: { roles: ['KEUANGAN'], run: payoutCommand },
};
const CLOSE_ROLES: OperatorRole[] = ['KEUANGAN'];

const allowed = (operator: SessionOperator, roles: OperatorRole[]) => operator.role === 'SUPERADMIN' || roles.includes(operator.role);

/**
 * One CLI command run inside the server for a signed-in operator (DESIGN.md §7): `order:*`,
 * `retur:*`, `payout:*` (audited as that operator in the change's transaction) and `close`
 * (its days closed in their own transactions, then one audit row). Returns what the CLI prints
 * and its exit code; a refused or failed command throws with one line.
 */
export async function runRemoteCommand(operator: SessionOperator, argv: string[]): Promise<{ message: string; exitCode: number }> {
  const [command = '', ...args] = argv;
  // The services check the role themselves (assertRole): the operator's role travels with its name.
  const by: Actor = { id: operator.id, nama: operator.nama, role: operator.role };
  if (command === 'close') {
    if (!allowed(operator, CLOSE_ROLES)) throw new AppError('FORBIDDEN', `Peran ${operator.role} tidak boleh menjalankan closing`);
    const lines: string[] = [];
    const exitCode = await closeCommand(
      args,
      (l) => lines.push(l),
      (l) => lines.push(l),
      by,
    );
    if (!args.includes('--reconcile')) {
      await inTransaction((tx) =>
        recordAudit(tx, by, 'close', `closing:${args.join(' ') || 'susulan'}`, null, { exit_code: exitCode, hasil: lines }),
      );
    }
    return { message: lines.join('\n'), exitCode };
  }
  const [area = '', action = ''] = command.split(':');
  const entry = AREAS[area];
  if (!entry || !action)
    throw new AppError(
      'BAD_INPUT',
      `Perintah ${command || '(kosong)'} tidak bisa dijalankan lewat server; yang bisa: order:*, retur:*, payout:*, close`,
    );
  if (!allowed(operator, entry.roles)) throw new AppError('FORBIDDEN', `Peran ${operator.role} tidak boleh menjalankan ${command}`);
  return { message: await entry.run(action, args, by), exitCode: 0 };
}
