import type { Rank } from '../../../lib/rank';
import type { SessionMember } from '../auth/session-member';
import { exportDownline } from './get-downline-report';

const cell = (value: unknown): string => {
  const text = String(value ?? '');
  // Quote, and defuse spreadsheet formulas in names.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The downline report as CSV (spec/000 §7 exportcsv), the same columns as the table. */
export async function downlineCsv(viewer: SessionMember, query: { posisi?: Rank; cariNama?: string }): Promise<string> {
  const rows = await exportDownline(viewer, query);
  const header = ['No', 'Tanggal Join', 'ID Member', 'Nama', 'Sponsor', 'Upgrade', 'BV', 'Posisi'];
  const lines = rows.map((r, i) => [i + 1, r.tgl_join, r.id_member, r.nama, r.sponsor_id_member ? `${r.sponsor_id_member} ${r.sponsor_nama}` : '', r.upgrade_member ? 'Ya' : 'Tidak', r.bv, r.posisi].map(cell).join(','));
  return `\uFEFF${[header.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
}
