/**
 * `npm run backup [-- --out file.tar.gz]`: an online backup of the PGlite database. While a server
 * holds DATA_DIR it asks that server (GET /admin/api/backup, as a SUPERADMIN: OPERATOR_TOKEN or
 * OPERATOR_USERNAME/OPERATOR_PASSWORD); otherwise it opens the folder itself. PostgreSQL: pg_dump.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { config } from '../src/server/config';
import { closeDb } from '../src/server/db/client';
import { BACKUP_MESSAGES, dumpDataDir } from '../src/server/services/operator/backup-data-dir';
import { fetchFromServer, serverHoldingDataDir } from './through-server';

const stamp = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const out = values.out ?? `portal-backup-${stamp}.tar.gz`;
  if (config.databaseUrl) throw new Error(BACKUP_MESSAGES.postgres);
  const server = serverHoldingDataDir();
  let bytes: Uint8Array;
  if (server) {
    const answer = await fetchFromServer(server, '/admin/api/backup');
    if (!answer.ok) {
      const body = await answer.json().catch(() => ({ message: `HTTP ${answer.status}` })) as { message: string };
      throw new Error(`Server menolak backup: ${body.message}`);
    }
    bytes = new Uint8Array(await answer.arrayBuffer());
  } else {
    bytes = new Uint8Array(await (await dumpDataDir()).arrayBuffer());
  }
  fs.writeFileSync(out, bytes);
  console.log(`Backup ${out} (${Math.ceil(bytes.length / 1024)} KB)${server ? ` dari server pid ${server.pid} yang sedang berjalan` : ''}; pulihkan dengan npm run restore -- ${out}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await closeDb();
}
