import { asc, isNotNull } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { operators, type OperatorRole } from '../../db/schema';
import { assertRole, type Actor } from './assert-role';

export interface OperatorRow { username: string; nama: string; role: OperatorRole; isActive: boolean; hasSecondFactor: boolean; createdAt: Date }

/** Every operator account for /admin/operators (SUPERADMIN only); never a hash or a secret. */
export async function listOperators(by: Actor): Promise<OperatorRow[]> {
  assertRole(by, []);
  const db = await getDb();
  return db.select({
    username: operators.username, nama: operators.nama, role: operators.role, isActive: operators.isActive,
    hasSecondFactor: isNotNull(operators.totpEnabledAt).mapWith(Boolean), createdAt: operators.createdAt,
  }).from(operators).orderBy(asc(operators.username));
}
