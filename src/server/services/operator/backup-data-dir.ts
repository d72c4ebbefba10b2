import type { PGlite } from '@electric-sql/pglite';
import { connection } from '../../db/client';
import { AppError } from '../../errors';

export const BACKUP_MESSAGES = {
  postgres: 'Database ini PostgreSQL: buat backup dengan pg_dump (docs/operations.md, "Backup and restore")',
} as const;

/**
 * An online backup of the PGlite database (DESIGN.md §7): a CHECKPOINT, then PGlite's own dump of
 * its data folder as a .tar.gz, taken between queries (PGlite runs one at a time), so the copy is
 * never torn. `npm run restore` loads it into an empty DATA_DIR.
 */
export async function dumpDataDir(): Promise<Blob> {
  const { db, kind } = await connection();
  if (kind !== 'pglite') throw new AppError('BAD_INPUT', BACKUP_MESSAGES.postgres);
  const client = (db as unknown as { $client: PGlite }).$client;
  await client.exec('checkpoint');
  return client.dumpDataDir('gzip');
}
