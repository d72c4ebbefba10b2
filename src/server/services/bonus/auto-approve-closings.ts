import { getDb } from '../../db/client';
import { draftClosings } from '../../db/queries/closing-drafts';
import { getSetting } from '../settings';
import { approveClosing } from './approve-closing';

export const AUTO_APPROVER = { id: null, nama: 'Sistem (persetujuan otomatis)' } as const;

/**
 * The scheduler's approval of draft closings older than `closing_auto_approve_hours` (0: never).
 * Returns the days it approved; each is approved in its own audited transaction.
 */
export async function autoApproveClosings(now = new Date()): Promise<string[]> {
  const hours = Number(await getSetting('closing_auto_approve_hours'));
  if (!(hours > 0)) return [];
  const due = (await draftClosings(await getDb(), now)).filter((d) => d.umurJam >= hours);
  for (const d of due) await approveClosing(AUTO_APPROVER, d.tanggal, { jam: hours, now });
  return due.map((d) => d.tanggal);
}
