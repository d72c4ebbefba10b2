import type { OperatorRole } from '../db/schema/operators';

/** The roles that move money or change every rule: in production they sign in with a second factor. */
export const SECOND_FACTOR_ROLES: readonly OperatorRole[] = ['SUPERADMIN', 'KEUANGAN'];

/** Whether an operator must set up two-factor sign-in before using the console (optional otherwise). */
export function isSecondFactorRequired(role: OperatorRole, production: boolean): boolean {
  return production && SECOND_FACTOR_ROLES.includes(role);
}
