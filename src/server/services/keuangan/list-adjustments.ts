import { getDb } from '../../db/client';
import { adjustmentRows } from '../../db/queries/commission-control';
import { type Actor, assertRole } from '../operator/assert-role';

/** The adjustments page (`/admin/keuangan/penyesuaian`): waiting ones first (oldest first), then the latest decided. */
export async function listAdjustments(by: Actor) {
  assertRole(by, ['KEUANGAN']);
  return adjustmentRows(await getDb());
}
