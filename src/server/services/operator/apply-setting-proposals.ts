import { jakartaDate } from '../../../lib/calendar';
import { inTransaction, type Tx } from '../../db/client';
import { upsertSetting } from '../../db/queries/operators';
import { dueProposals, lockSettingProposals, markProposalApplied } from '../../db/queries/setting-proposals';
import { forgetSettingsCache } from '../settings';
import { type AuditActor, recordAudit } from './record-audit';

/**
 * Writes every approved proposal whose effective day has come to the settings table (what the
 * portal reads today), oldest day first, each key with its audit row (before/after) as a direct
 * change used to be. Inside the caller's transaction; returns how many were applied.
 */
export async function applyDueProposals(tx: Tx, today: string, by: AuditActor): Promise<number> {
  await lockSettingProposals(tx);
  const due = await dueProposals(tx, today);
  for (const p of due) {
    for (const [key, value] of Object.entries(p.nilai)) {
      await upsertSetting(tx, key, value);
      await recordAudit(tx, by, 'setting:update', `setting:${key}`, p.sebelum[key], value);
    }
    await markProposalApplied(tx, p.id);
  }
  return due.length;
}

/** The scheduler's daily job: the approved changes whose day has come go live. */
export async function applySettingProposals(now = new Date()): Promise<string> {
  const n = await inTransaction((tx) => applyDueProposals(tx, jakartaDate(now), { id: null, nama: 'Penjadwal' }));
  if (n) forgetSettingsCache();
  return `${n} usulan pengaturan diberlakukan`;
}
