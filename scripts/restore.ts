/**
 * `npm run restore -- file.tar.gz`: loads a backup made by `npm run backup` into an empty
 * DATA_DIR (PGlite). Refused while a process holds the folder, and when it already has a database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { config } from '../src/server/config';
import { FILES_PREFIX, readTar } from '../src/server/db/backup';
import { keepFilesPrivate, lockDownDataDir } from '../src/server/db/data-dir';
import { claimDataDir, dataDirHolder, releaseDataDir } from '../src/server/db/data-dir-owner';
import { filesRoot } from '../src/server/integrations/files';

keepFilesPrivate();
const file = process.argv[2];
const dir = config.dataDir;
const target = path.join(dir, 'pglite');
try {
  if (!file || file.startsWith('--')) throw new Error('Penggunaan: DATA_DIR=/folder/kosong npm run restore -- portal-backup.tar.gz');
  if (config.databaseUrl) throw new Error('Database ini PostgreSQL: pulihkan dengan pg_restore (docs/operations.md, "Backup and restore")');
  if (!fs.existsSync(file)) throw new Error(`File backup ${file} tidak ditemukan`);
  const holder = dataDirHolder(dir);
  if (holder !== undefined)
    throw new Error(
      `DATA_DIR ${dir} sedang dipakai proses lain (pid ${holder}, biasanya server); restore hanya ke DATA_DIR yang tidak dipakai dan kosong`,
    );
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
    throw new Error(`DATA_DIR ${dir} sudah berisi database; restore hanya ke DATA_DIR kosong (pindahkan folder itu dulu)`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  claimDataDir(dir);
  const { PGlite } = await import('@electric-sql/pglite');
  // The archive holds the database and, under FILES_PREFIX, the uploaded files: the files go back
  // to FILES_DIR, the rest (PGlite's folder) to loadDataDir.
  const database: Buffer[] = [];
  let files = 0;
  for (const entry of readTar(gunzipSync(fs.readFileSync(file)))) {
    if (entry.name !== FILES_PREFIX && !entry.name.startsWith(`${FILES_PREFIX}/`)) {
      database.push(entry.raw);
      continue;
    }
    const relative = entry.name.slice(FILES_PREFIX.length).replace(/^\/+/, '');
    const out = path.resolve(filesRoot(), relative);
    if (!out.startsWith(filesRoot())) throw new Error(`File backup rusak: nama ${entry.name} di luar folder file`);
    if (entry.type === '5') fs.mkdirSync(out, { recursive: true, mode: 0o700 });
    else if (entry.type === '0') {
      fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
      fs.writeFileSync(out, entry.data, { mode: 0o600 });
      files++;
    }
  }
  database.push(Buffer.alloc(1024));
  const { pgliteExtensions } = await import('../src/server/db/client');
  const client = await PGlite.create(target, {
    extensions: await pgliteExtensions(),
    loadDataDir: new File([gzipSync(Buffer.concat(database))], 'portal-backup.tar.gz'),
  });
  lockDownDataDir(dir);
  try {
    const { drizzle } = await import('drizzle-orm/pglite');
    const [row] = (
      await drizzle(client).execute(
        sql`select (select count(*) from members)::int as members, (select count(*) from orders)::int as orders`,
      )
    ).rows as { members: number; orders: number }[];
    console.log(
      `Database dipulihkan ke ${target}: ${row!.members} member, ${row!.orders} order, ${files} file ke ${filesRoot()}; jalankan npm start`,
    );
  } finally {
    await client.close();
    releaseDataDir(dir);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
