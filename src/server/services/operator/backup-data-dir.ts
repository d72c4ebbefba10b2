import { config } from '../../config';
import { streamPgliteDataDir } from '../../db/backup';
import { diskCause } from '../../db/data-dir';
import { AppError } from '../../errors';
import { filesRoot } from '../../integrations/files';

export const BACKUP_MESSAGES = {
  postgres: 'Database ini PostgreSQL: buat backup dengan pg_dump (docs/operations.md, "Backup and restore")',
} as const;

/**
 * The one line a backup that the server's disk refused answers (full disk, read-only): the
 * database is left as it was, the server keeps serving. Undefined when the error is not the disk's.
 */
export function backupDiskFailure(error: unknown): string | undefined {
  const cause = diskCause(error);
  return cause && `Backup gagal: ${cause} di server (DATA_DIR ${config.dataDir}); tidak ada yang diubah, kosongkan ruang lalu coba lagi`;
}

/**
 * An online backup of the PGlite database (DESIGN.md §7) as a .tar.gz stream (db/backup.ts);
 * `npm run restore` loads it into an empty DATA_DIR. With it go the uploaded files of FILES_DIR
 * (banners, return evidence), which restore writes back. `before` runs first (the endpoint's audit row).
 */
export async function dumpDataDir(before?: () => Promise<void>, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const stream = await streamPgliteDataDir(before, signal, filesRoot());
  if (!stream) throw new AppError('BAD_INPUT', BACKUP_MESSAGES.postgres);
  return stream;
}
