import type { OperatorRole } from '../../db/schema';
import { AppError } from '../../errors';
import type { SessionOperator } from './operator-sessions';

export const ROLE_REFUSED = 'Peran Anda tidak boleh melakukan tindakan ini';

/** Services check the operator's role themselves, not only the page's menu (SUPERADMIN may do all). */
export function requireRole(operator: SessionOperator, roles: OperatorRole[]): void {
  if (operator.role !== 'SUPERADMIN' && !roles.includes(operator.role)) throw new AppError('FORBIDDEN', ROLE_REFUSED);
}
