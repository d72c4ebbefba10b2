import type { Rank } from '../../../lib/rank';
import { toCsv } from '../../csv';
import type { SessionMember } from '../auth/session-member';
import { exportDownline } from './get-downline-report';

/** The downline report as CSV (spec/000 §7 exportcsv), the same columns as the table. */
export async function downlineCsv(viewer: SessionMember, query: { posisi?: Rank; cariNama?: string }): Promise<string> {
  const rows = await exportDownline(viewer, query);
  const header = ['No', 'Tanggal Join', 'ID Member', 'Nama', 'Sponsor', 'Upgrade', 'BV', 'Posisi'];
  const lines = rows.map((r, i) => [i + 1, r.tgl_join, r.id_member, r.nama, r.sponsor_id_member ? `${r.sponsor_id_member} ${r.sponsor_nama}` : '', r.upgrade_member ? 'Ya' : 'Tidak', r.bv, r.posisi]);
  // The byte order mark lets Excel read the names as UTF-8.
  return toCsv(header, lines, { bom: true });
}
