import { getDb } from '../../db/client';
import { bonusTotalsByType, draftClosings, previousClosedDay, topEarnersOfDay } from '../../db/queries/closing-drafts';
import { closingMoveRefusal } from '../../domain/closing-status';
import { type Actor, assertRole } from '../operator/assert-role';
import { getSetting } from '../settings';
import { type ReconciliationDay, reconcileDays } from './reconcile-days';

/** One draft closing as KEUANGAN reviews it before approving (console /admin/keuangan/closing). */
export interface DraftClosingView {
  tanggal: string;
  dihitungPada: Date;
  pembuat: string;
  bonusCount: number;
  totalBruto: number;
  jumlahOrder: number;
  totalBv: number;
  perJenis: { jenis: string; jumlah: number; bruto: number }[];
  teratas: { idMember: string; nama: string; bruto: number }[];
  /** The closed day before it and the difference of the gross (this day less that day). */
  hariSebelumnya?: { tanggal: string; totalBruto: number; selisihBruto: number };
  rekonsiliasi: ReconciliationDay | undefined;
  /** The last closed day: its draft may be computed again ("Hitung ulang"). */
  bolehDihitungUlang: boolean;
  /** The operator asking may approve it (not its maker). */
  bolehDisetujui: boolean;
  /** When the scheduler approves it by itself (setting closing_auto_approve_hours), if ever. */
  otomatisPada?: Date;
}

const TOP_EARNERS = 5;

/** The draft closings waiting for approval, oldest first, each with its totals, top earners, the day before and the reconciliation. */
export async function listDraftClosings(by: Actor, now = new Date()): Promise<DraftClosingView[]> {
  assertRole(by, ['KEUANGAN']);
  const db = await getDb();
  const hours = Number(await getSetting('closing_auto_approve_hours'));
  const drafts = await draftClosings(db, now);
  const out: DraftClosingView[] = [];
  for (const d of drafts) {
    const before = await previousClosedDay(db, d.tanggal);
    const [rekonsiliasi] = await reconcileDays(d.tanggal, d.tanggal);
    out.push({
      tanggal: d.tanggal,
      dihitungPada: d.closedAt,
      pembuat: d.pembuat ?? 'Sistem (jadwal atau perintah)',
      bonusCount: d.bonusCount,
      totalBruto: d.totalBruto,
      jumlahOrder: d.jumlahOrder,
      totalBv: d.totalBv,
      perJenis: await bonusTotalsByType(db, d.tanggal),
      teratas: await topEarnersOfDay(db, d.tanggal, TOP_EARNERS),
      hariSebelumnya: before && { tanggal: before.tanggal, totalBruto: before.totalBruto, selisihBruto: d.totalBruto - before.totalBruto },
      rekonsiliasi,
      bolehDihitungUlang: d.terakhir,
      // The transition table's own answer (four-eyes), as the approval will be checked.
      bolehDisetujui:
        closingMoveRefusal(
          { tanggal: d.tanggal, status: 'DRAFT', dibuatOleh: d.dibuatOleh, olehId: by.id, via: 'operator' },
          'APPROVED',
        ) === undefined,
      otomatisPada: hours > 0 ? new Date(d.closedAt.getTime() + hours * 3_600_000) : undefined,
    });
  }
  return out;
}
