import { tanggalJam } from '../../../lib/format';
import { type CsvCell, csvStream } from '../../csv';
import { getDb } from '../../db/client';
import { eachAudit } from '../../db/queries/audit';
import { type AuditFilter, auditQueryOf } from './list-audit';
import type { SessionOperator } from './operator-sessions';
import { requireRole } from './require-role';

export const AUDIT_CSV_HEADER = ['Waktu', 'Operator', 'Aksi', 'Objek', 'Sebelum', 'Sesudah'] as const;

/**
 * The audit trail as CSV (SUPERADMIN): every row matching the console's filter, not only one page,
 * the same columns as the table, through the one CSV writer while the rows are read.
 */
export async function exportAudit(operator: SessionOperator, filter: AuditFilter): Promise<ReadableStream<Uint8Array>> {
  requireRole(operator, []);
  const db = await getDb();
  async function* lines(): AsyncGenerator<CsvCell[]> {
    for await (const row of eachAudit(db, auditQueryOf(filter))) {
      yield [
        tanggalJam(row.at),
        row.operatorNama,
        row.action,
        row.object,
        row.before === null ? '' : JSON.stringify(row.before),
        row.after === null ? '' : JSON.stringify(row.after),
      ];
    }
  }
  return csvStream(AUDIT_CSV_HEADER, lines(), { bom: true });
}
