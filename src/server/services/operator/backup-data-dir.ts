import { streamPgliteDataDir } from '../../db/backup';
import { AppError } from '../../errors';

export const BACKUP_MESSAGES = {
  postgres: 'Database ini PostgreSQL: buat backup dengan pg_dump (docs/operations.md, "Backup and restore")',
} as const;

/**
 * An online backup of the PGlite database (DESIGN.md §7) as a .tar.gz stream (db/backup.ts);
 * `npm run restore` loads it into an empty DATA_DIR. `before` runs first (the endpoint's audit row).
 */
export async function dumpDataDir(before?: () => Promise<void>): Promise<ReadableStream<Uint8Array>> {
  const stream = await streamPgliteDataDir(before);
  if (!stream) throw new AppError('BAD_INPUT', BACKUP_MESSAGES.postgres);
  return stream;
}
