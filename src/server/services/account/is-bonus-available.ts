import type { Db, Tx } from '../../db/client';
import { hasBonusThisMonth } from '../../db/queries/account';

/**
 * isBonusAvl (COMP_PLAN.md): true once a bonus of the current month exists for the member. The
 * bonus table arrives with the compensation engine; until it exists no bonus can exist either.
 */
export async function isBonusAvailable(db: Db | Tx, memberId: number): Promise<boolean> {
  return hasBonusThisMonth(db, memberId);
}
