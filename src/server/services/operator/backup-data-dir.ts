import { dumpPgliteDataDir } from '../../db/backup';
import { AppError } from '../../errors';

export const BACKUP_MESSAGES = {
  postgres: 'Database ini PostgreSQL: buat backup dengan pg_dump (docs/operations.md, "Backup and restore")',
} as const;

/**
 * An online backup of the PGlite database (DESIGN.md §7): a CHECKPOINT, then PGlite's own dump of
 * its data folder as a .tar.gz (db/backup.ts). `npm run restore` loads it into an empty DATA_DIR.
 */
export async function dumpDataDir(): Promise<Blob> {
  const dump = await dumpPgliteDataDir();
  if (!dump) throw new AppError('BAD_INPUT', BACKUP_MESSAGES.postgres);
  return dump;
}
