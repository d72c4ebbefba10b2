/**
 * `npm run backup [-- --out file.tar.gz]`: an online backup of the PGlite database. While a server
 * holds DATA_DIR it asks that server (GET /admin/api/backup, as a SUPERADMIN: OPERATOR_TOKEN or
 * OPERATOR_USERNAME/OPERATOR_PASSWORD); otherwise it opens the folder itself. PostgreSQL: pg_dump.
 * Either way the archive is streamed to the file (never whole in memory), which only the
 * operator's user may read (0600).
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { config } from '../src/server/config';
import { closeDb } from '../src/server/db/client';
import { diskCause, keepFilesPrivate } from '../src/server/db/data-dir';
import { BACKUP_MESSAGES, dumpDataDir } from '../src/server/services/operator/backup-data-dir';
import { fetchFromServer, serverHoldingDataDir } from './through-server';

keepFilesPrivate();

const stamp = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
let out = '';
let started = false;
try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  out = values.out ?? `portal-backup-${stamp}.tar.gz`;
  if (config.databaseUrl) throw new Error(BACKUP_MESSAGES.postgres);
  const server = serverHoldingDataDir();
  let bytes = 0;
  /** Streams the archive into `out`, readable by the operator's user only (0600, even when it existed). */
  const save = async (body: ReadableStream<Uint8Array>) => {
    started = true;
    const fd = fs.openSync(out, 'w', 0o600);
    fs.fchmodSync(fd, 0o600);
    await pipeline(
      Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>),
      async function* (chunks) {
        for await (const chunk of chunks) {
          bytes += (chunk as Uint8Array).length;
          yield chunk;
        }
      },
      fs.createWriteStream('', { fd }),
    );
  };
  if (server) {
    await fetchFromServer(server, '/admin/api/backup', async (answer) => {
      if (!answer.ok || !answer.body) {
        const reply = (await answer.json().catch(() => ({ message: `HTTP ${answer.status}` }))) as { message: string };
        throw new Error(`Server menolak backup: ${reply.message}`);
      }
      await save(answer.body);
    });
  } else {
    await save(await dumpDataDir());
  }
  console.log(
    `Backup ${out} (${Math.ceil(bytes / 1024)} KB)${server ? ` dari server pid ${server.pid} yang sedang berjalan` : ''}; pulihkan dengan npm run restore -- ${out}`,
  );
} catch (error) {
  // Never a half-written archive that looks like a backup: the file goes, one line says why.
  if (started) fs.rmSync(out, { force: true });
  const cause = diskCause(error);
  console.error(
    cause && started
      ? `Backup gagal: ${out} tidak bisa ditulis: ${cause} (${(error as Error).message}); tidak ada file backup yang dibuat`
      : (error as Error).message.split('\n')[0],
  );
  process.exitCode = 1;
} finally {
  await closeDb();
}
