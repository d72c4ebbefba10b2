import type { Rank } from '../../../lib/rank';
import { type CsvCell, csvStream } from '../../csv';
import type { SessionMember } from '../auth/session-member';
import { exportDownline } from './get-downline-report';

/** The export's download headers (the page's link and the /member call). */
export const downlineCsvHeaders = (): Record<string, string> => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="downline-${Date.now()}.csv"`,
  'cache-control': 'private, no-store',
});

/**
 * The downline report as CSV (spec/000 §7 exportcsv), the same columns as the table, written as
 * the rows are read (ADR 0018: a 100,000-row export starts at once and is never held whole).
 */
export async function downlineCsv(viewer: SessionMember, query: { posisi?: Rank; cariNama?: string }): Promise<ReadableStream<Uint8Array>> {
  const header = ['No', 'Tanggal Join', 'ID Member', 'Nama', 'Sponsor', 'Upgrade', 'BV', 'Posisi'];
  async function* lines(): AsyncGenerator<CsvCell[]> {
    let i = 0;
    for await (const r of exportDownline(viewer, query)) {
      yield [
        ++i,
        r.tgl_join,
        r.id_member,
        r.nama,
        r.sponsor_id_member ? `${r.sponsor_id_member} ${r.sponsor_nama}` : '',
        r.upgrade_member ? 'Ya' : 'Tidak',
        r.bv,
        r.posisi,
      ];
    }
  }
  // The byte order mark lets Excel read the names as UTF-8; the first bytes go after exportDownline's first batch of 100 rows.
  return csvStream(header, lines(), { bom: true, first: 100 });
}
