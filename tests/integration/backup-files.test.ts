import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb } from '../../src/server/db/client';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { cli, postJson, request, type ServerProcess, spawnServer, untilServing } from '../faults/server-process';
import { tempDir, usePostgres } from '../setup/databases';
import { testPort } from '../setup/ports';

/**
 * Issue #26: `npm run backup` left out the uploaded files (banners, return evidence under
 * FILES_DIR): after a restore the banners were 404. The backup holds them now; the restore is
 * checked table by table (a hash of every row of every table) and file by file (a hash of each).
 */
const PORT = testPort(Number(process.env.PORT_BACKUP_FILES ?? 4819));
// No folder at all on PostgreSQL, where every test here is skipped (and no hook would remove it).
const work = usePostgres() ? '' : tempDir('portal-backupfiles-');

/** A hash of every table's rows (ordered by their text), by table name. */
async function tableHashes(dataDir: string): Promise<Record<string, string>> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const { rows: tables } = await db.query<{ name: string }>(`select quote_ident(table_name) as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
    const hashes: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await db.query<{ h: string | null; n: number }>(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*)::int as n from ${name} t`,
      );
      hashes[name] = `${rows[0]!.n}:${rows[0]!.h}`;
    }
    return hashes;
  } finally {
    await db.close();
  }
}

/** sha256 of each file under `dir`, by its path relative to `dir`. */
function fileHashes(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else found[path.relative(dir, full)] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return found;
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

describe.skipIf(usePostgres())(
  'backup and restore with the uploaded files (PGlite; on PostgreSQL backup is pg_dump plus FILES_DIR)',
  { timeout: 300_000 },
  () => {
    let server: ServerProcess | undefined;
    afterAll(async () => {
      await server?.stop('SIGKILL');
      if (work) fs.rmSync(work, { recursive: true, force: true });
    });

    it('a backup taken from the running server restores the same rows and the same files; the banner is served again', async () => {
      await closeDb();
      const dataDir = path.join(work, 'data');
      fs.cpSync(process.env.DATA_DIR!, dataDir, { recursive: true });
      // Uploads as the console and the member side write them: a banner and a return's evidence photo.
      const uploads = path.join(dataDir, 'uploads');
      fs.mkdirSync(path.join(uploads, 'banners'), { recursive: true });
      fs.mkdirSync(path.join(uploads, 'retur'), { recursive: true });
      fs.writeFileSync(path.join(uploads, 'banners', 'promo-akhir-tahun.png'), PNG);
      fs.writeFileSync(
        path.join(uploads, 'retur', 'bukti-1.jpg'),
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), crypto.randomBytes(200_000)]),
      );

      server = spawnServer(PORT, { DATA_DIR: dataDir });
      await untilServing(server);
      expect((await request(server.base, '/banners/unggah/promo-akhir-tahun.png')).status).toBe(200);
      const file = path.join(work, 'backup.tar.gz');
      // A token made before (signing out after the backup would change a table after it was taken).
      const signIn = await postJson(server.base, '/admin/api/token', { username: 'superadmin', password: DEMO_OPERATOR_PASSWORD });
      const token = (JSON.parse(signIn.text) as { result: { token: string } }).result.token;
      const made = cli('backup', ['--out', file], { DATA_DIR: dataDir, OPERATOR_TOKEN: token });
      expect(made.err).toBe('');
      expect(made.code).toBe(0);
      await server.stop();
      server = undefined;

      const restoredDir = path.join(work, 'restored');
      const restored = cli('restore', [file], { DATA_DIR: restoredDir });
      expect(restored.err).toBe('');
      expect(restored.out).toMatch(new RegExp(`, 2 file ke ${path.join(restoredDir, 'uploads')}; jalankan npm start$`));

      const files = fileHashes(uploads);
      expect(Object.keys(files).sort()).toEqual(['banners/promo-akhir-tahun.png', 'retur/bukti-1.jpg']);
      expect(fileHashes(path.join(restoredDir, 'uploads'))).toEqual(files);
      const tables = await tableHashes(dataDir);
      expect(Object.keys(tables).length).toBeGreaterThan(20);
      expect(await tableHashes(restoredDir)).toEqual(tables);

      // The restored installation serves the banner (it was 404 before).
      server = spawnServer(PORT, { DATA_DIR: restoredDir });
      await untilServing(server);
      const banner = await request(server.base, '/banners/unggah/promo-akhir-tahun.png');
      expect(banner.status).toBe(200);
      expect(banner.headers['content-type']).toBe('image/png');
    });
  },
);
