import { memberCareMessages } from '../../../lib/schemas/member-care';
import type { Tx } from '../../db/client';
import { countedOrdersOf, type MemberCareRow } from '../../db/queries/member-care-edits';
import { AppError } from '../../errors';

/**
 * A sponsor or placement may be corrected only while nothing rests on it: no downline (their
 * paths and counters hang below it) and no order of the member counted by a closed day (its
 * sponsor, pass-up, RO and pairing bonuses were paid along the old line: COMP_PLAN.md).
 */
export async function assertCorrectable(tx: Tx, row: MemberCareRow): Promise<void> {
  if (row.jumlahChildKiri + row.jumlahChildKanan > 0) throw new AppError('CONFLICT', memberCareMessages.hasDownline);
  if ((await countedOrdersOf(tx, row.id)) > 0) throw new AppError('CONFLICT', memberCareMessages.bonusCounted);
}
