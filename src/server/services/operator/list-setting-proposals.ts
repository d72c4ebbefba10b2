import { settingChanges } from '../../../lib/setting-diff';
import { getDb } from '../../db/client';
import { recentProposals } from '../../db/queries/setting-proposals';
import type { SessionOperator } from './operator-sessions';
import { requireRole } from './require-role';

/** The settings page's proposals: the open ones first, each with its preview (before → after per field). */
export async function listSettingProposals(operator: SessionOperator) {
  requireRole(operator, []);
  const rows = await recentProposals(await getDb());
  return rows.map((p) => ({
    id: p.id,
    grup: p.grup,
    status: p.status,
    berlaku_mulai: p.berlakuMulai,
    pengusul: p.pengusulNama,
    pengusul_id: p.pengusulId,
    pemeriksa: p.pemeriksaNama,
    diajukan: p.createdAt,
    diterapkan: p.diterapkanAt,
    perubahan: Object.keys(p.nilai).flatMap((key) => settingChanges(p.sebelum[key], p.nilai[key]).map((c) => ({ key, ...c }))),
  }));
}
