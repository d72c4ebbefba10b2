import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

export interface BulkColumn {
  name: string;
  /** PostgreSQL element type of the column, e.g. 'text', 'int8', 'date', 'bool'. */
  type: string;
}

/**
 * Inserts many rows in one statement per batch through unnest(), one array parameter per column:
 * fast on PGlite and PostgreSQL alike, and the same SQL on both.
 */
export async function bulkInsert(db: Db | Tx, table: string, columns: BulkColumn[], rows: unknown[][], batchSize = 5000): Promise<void> {
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const arrays = columns.map((_, c) => arrayLiteral(batch.map((row) => row[c])));
    const names = sql.raw(columns.map((col) => `"${col.name}"`).join(', '));
    const unnestArgs = sql.join(
      columns.map((col, c) => sql`${sql.param(arrays[c])}::${sql.raw(col.type)}[]`),
      sql`, `,
    );
    await db.execute(sql`insert into ${sql.identifier(table)} (${names}) select * from unnest(${unnestArgs})`);
  }
}

/** Many values as ONE array parameter (`= any(${sqlArray(ids, 'int8')})`): a statement with thousands of `$n` costs more to send and plan than its work. */
export function sqlArray(values: readonly unknown[], type: string): SQL {
  return sql`${sql.param(arrayLiteral([...values]))}::${sql.raw(type)}[]`;
}

/** A PostgreSQL array literal, so both drivers send one untyped text parameter per column. */
export function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    const text = value instanceof Date ? value.toISOString() : String(value);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}
