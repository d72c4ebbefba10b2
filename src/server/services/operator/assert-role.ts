import type { OperatorRole } from '../../db/schema';
import { AppError } from '../../errors';
import type { AuditActor } from './record-audit';

/** An actor as services see it: a signed-in operator carries its role; the system (commands) has none. */
export type Actor = AuditActor & { role?: OperatorRole };

export const ROLE_REFUSED = 'Peran Anda tidak boleh melakukan tindakan ini';

/**
 * The service's own role check (the console's middleware checks the page too): a signed-in
 * operator must hold one of `roles` or be SUPERADMIN; the system acting from a command may.
 */
export function assertRole(by: Actor, roles: OperatorRole[]): void {
  if (by.id === null) return;
  if (by.role === 'SUPERADMIN' || (by.role !== undefined && roles.includes(by.role))) return;
  throw new AppError('FORBIDDEN', ROLE_REFUSED);
}
