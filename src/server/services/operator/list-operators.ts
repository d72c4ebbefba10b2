import { getDb } from '../../db/client';
import { listOperatorAccounts } from '../../db/queries/operators';
import type { OperatorRole } from '../../db/schema';
import { type Actor, assertRole } from './assert-role';

export interface OperatorRow {
  username: string;
  nama: string;
  role: OperatorRole;
  isActive: boolean;
  hasSecondFactor: boolean;
  createdAt: Date;
}

/** Every operator account for /admin/operators (SUPERADMIN only); never a hash or a secret. */
export async function listOperators(by: Actor): Promise<OperatorRow[]> {
  assertRole(by, []);
  return listOperatorAccounts(await getDb());
}
