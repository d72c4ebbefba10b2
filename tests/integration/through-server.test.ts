// @template year — the demo's orders and closed days, served by a real server

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { getDb, selectRows } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/network';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { BACKUP_MESSAGES } from '../../src/server/services/operator/backup-data-dir';
import { exportCoretaxXml } from '../../src/server/services/tax/export-coretax-xml';
import { validateBp21Bulk } from '../coretax-xsd';
import { CHILD_NODE_FLAGS } from '../faults/compiled';
import { childEnv, cli } from '../faults/server-process';
import { usePostgres } from '../setup/databases';
import { testPort } from '../setup/ports';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = testPort(Number(process.env.PORT_THROUGH_SERVER ?? 4805));
const BASE = `http://127.0.0.1:${PORT}`;

/**
 * One HTTP request on a connection of its own: a kept-alive socket the server closes after its
 * idle timeout (5 s, while a CLI command runs) would fail the next request for the wrong reason.
 */
function call(
  route: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${BASE}${route}`, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk) => {
          text += chunk;
        })
        .on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
  call(route, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

// Generous limits: each step starts a CLI process on a machine that may be busy.
describe.skipIf(usePostgres())('the CLI beside a running server on PGlite', { timeout: 180_000 }, () => {
  let server: ChildProcess;
  let work: string;
  let dataDir: string;
  let order: { no_order: string; public_id: string; username: string };

  const token = async (username: string) => {
    const r = await post('/admin/api/token', { username, password: DEMO_OPERATOR_PASSWORD });
    return (JSON.parse(r.text) as { result: { token: string } }).result.token;
  };
  const memberSees = async () => {
    const login = await post('/member/login', { username: order.username, password: DEMO_PASSWORD });
    const { result } = JSON.parse(login.text) as { result: { access_token: string } };
    const detail = await call(`/member/transaction/${order.public_id}`, { headers: { authorization: `Bearer ${result.access_token}` } });
    return (JSON.parse(detail.text) as { result: { status_order: string } }).result.status_order;
  };

  beforeAll(async () => {
    buildIfNeeded();
    // The server gets its own copy of this file's seeded folder; this process reads only its own.
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-through-'));
    dataDir = path.join(work, 'data');
    fs.cpSync(process.env.DATA_DIR!, dataDir, { recursive: true });
    [order] = await selectRows<typeof order>(
      await getDb(),
      sql`
      select o.no_order, o.public_id::text as public_id, m.username from orders o join members m on m.id = o.member_id
      where o.status_order = 'PAID' and not o.pickup_store order by o.id limit 1`,
    );
    server = spawn(process.execPath, [...CHILD_NODE_FLAGS, 'scripts/server.mjs'], {
      cwd: ROOT,
      env: childEnv({ DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', SEED_ON_START: '0' }),
      stdio: 'ignore',
    });
    for (let i = 0; i < 300; i++) {
      if (
        await call('/signin').then(
          (r) => r.status === 200,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('server tidak siap');
  }, 300_000);

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('without operator credentials the CLI refuses with one line and changes nothing', async () => {
    const r = cli('ops', ['order:pack', order.no_order], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `DATA_DIR ${dataDir} sedang dipakai server (pid ${server.pid}, ${BASE}): isi OPERATOR_TOKEN, atau OPERATOR_USERNAME dan OPERATOR_PASSWORD, agar perintah dijalankan lewat server; atau hentikan server dulu`,
    );
    expect(await memberSees()).toBe('PAID');
    const other = cli('ops', ['promo:omsets'], {
      DATA_DIR: dataDir,
      OPERATOR_USERNAME: 'superadmin',
      OPERATOR_PASSWORD: DEMO_OPERATOR_PASSWORD,
    });
    expect(other.code).toBe(1);
    expect(other.err).toBe(
      `promo:omsets tidak bisa dijalankan lewat server (hanya order:*, payout:*, retur:*, pajak:ekspor dan npm run close); DATA_DIR dipakai server pid ${server.pid}: hentikan server dulu`,
    );
    const anonymous = await post('/admin/api/ops', { args: ['order:pack', order.no_order] });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toEqual({ success: false, message: 'Token operator tidak sah atau kedaluwarsa' });
    expect((await call('/admin/jadwal', { headers: { authorization: `Bearer ${await token('gudang')}` } })).status).toBe(403);
  });

  it('order:pack goes through the running server: the member sees WAREHOUSE there, audited as the operator', async () => {
    const r = cli('ops', ['order:pack', order.no_order], {
      DATA_DIR: dataDir,
      OPERATOR_USERNAME: 'gudang',
      OPERATOR_PASSWORD: DEMO_OPERATOR_PASSWORD,
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(order.no_order);
    expect(await memberSees()).toBe('WAREHOUSE');
    const html = (await call('/admin/audit?action=order:pack', { headers: { authorization: `Bearer ${await token('superadmin')}` } })).text;
    expect(html).toContain(`order:${order.no_order}`);
    expect(html).toContain('Gilang Gudang');

    const refused = cli('ops', ['payout:complete', 'WD-20260101-0000001'], {
      DATA_DIR: dataDir,
      OPERATOR_USERNAME: 'gudang',
      OPERATOR_PASSWORD: DEMO_OPERATOR_PASSWORD,
    });
    expect(refused).toMatchObject({ code: 1, err: 'Peran GUDANG tidak boleh menjalankan payout:complete' });
  });

  it('payout:* goes through the running server as KEUANGAN and SUPERADMIN, under the payout rules, audited as that operator', async () => {
    // This process's copy and the server's hold the same seeded payouts.
    const [payout] = await selectRows<{ no: string }>(
      await getDb(),
      sql`select no from payouts where status = 'queued' order by id limit 1`,
    );
    const no = payout!.no;
    const as = (username: string) => ({ DATA_DIR: dataDir, OPERATOR_USERNAME: username, OPERATOR_PASSWORD: DEMO_OPERATOR_PASSWORD });
    const processed = cli('ops', ['payout:process', no], as('keuangan'));
    expect(processed).toEqual({ code: 0, signal: null, out: `Payout ${no}: process selesai`, err: '' });
    const queue = await call(`/admin/keuangan?status=processed&q=${no}`, {
      headers: { authorization: `Bearer ${await token('keuangan')}` },
    });
    expect(queue.text).toContain(`data-payout="${no}"`);

    // The same transition table as the console: no completion outside a bank batch.
    expect(cli('ops', ['payout:complete', no], as('keuangan'))).toMatchObject({
      code: 1,
      err: `Payout ${no} belum masuk batch transfer; "Selesai" hanya lewat batch: ekspor batch, lalu tandai batch selesai setelah bank membayar`,
    });
    expect(cli('ops', ['payout:reject', no, '--catatan', 'Nama rekening tidak sesuai'], as('superadmin'))).toEqual({
      signal: null,
      code: 0,
      out: `Payout ${no}: reject selesai`,
      err: '',
    });
    const audit = (await call('/admin/audit?action=payout:process', { headers: { authorization: `Bearer ${await token('superadmin')}` } }))
      .text;
    expect(audit).toContain(`payout:${no}`);
    expect(audit).toContain('Kartika Keuangan');
    expect(
      (await call('/admin/audit?action=payout:reject', { headers: { authorization: `Bearer ${await token('superadmin')}` } })).text,
    ).toContain('Sari Superadmin');
  });

  it('pajak:ekspor goes through the server as KEUANGAN: the Coretax XML is written here, the server’s own, audited as that operator', async () => {
    const [m] = await selectRows<{ tahun: number; masa: number }>(
      await getDb(),
      sql`select tahun, masa from bukti_potong order by tahun desc, masa desc limit 1`,
    );
    const file = path.join(work, 'bp21.xml');
    const as = (username: string) => ({ DATA_DIR: dataDir, OPERATOR_USERNAME: username, OPERATOR_PASSWORD: DEMO_OPERATOR_PASSWORD });
    const r = cli('ops', ['pajak:ekspor', String(m!.tahun), String(m!.masa), '--format', 'xml', '--out', file], as('keuangan'));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^\\d+ bukti potong masa ${m!.masa}/${m!.tahun} untuk Coretax; .*\nXML: ${file}$`));
    const xml = fs.readFileSync(file, 'utf8');
    expect(await validateBp21Bulk(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toBe((await exportCoretaxXml(m!.tahun, m!.masa)).xml);
    const audit = (
      await call('/admin/audit?action=pajak:ekspor-coretax', { headers: { authorization: `Bearer ${await token('superadmin')}` } })
    ).text;
    expect(audit).toContain('Kartika Keuangan');
    expect(cli('ops', ['pajak:ekspor', String(m!.tahun), String(m!.masa), '--format', 'xml'], as('gudang'))).toMatchObject({
      code: 1,
      err: 'Peran Anda tidak boleh melakukan tindakan ini',
    });
  });

  it('npm run close goes through the server too, and the server ran its own scheduler', async () => {
    const r = cli('close', [], { DATA_DIR: dataDir, OPERATOR_USERNAME: 'keuangan', OPERATOR_PASSWORD: DEMO_OPERATOR_PASSWORD });
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toMatch(/^Semua hari sampai \d{4}-\d{2}-\d{2} sudah ditutup$/);
    const bearer = await token('keuangan');
    let page = '';
    // The first pass runs a few seconds after start; wait for its row, whatever the machine's speed.
    for (let i = 0; i < 150 && !page.includes('Semua hari yang sudah selesai telah ditutup'); i++) {
      page = (await call('/admin/jadwal', { headers: { authorization: `Bearer ${bearer}` } })).text;
      if (!page.includes('Semua hari yang sudah selesai telah ditutup')) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(page).toContain('Closing bonus harian');
    expect(page).toContain('Semua hari yang sudah selesai telah ditutup');
    expect(page).toContain('order kedaluwarsa');
  });

  it('a backup taken while the server runs restores into a working database with the same rows; never into a folder in use', async () => {
    const file = path.join(work, 'backup.tar.gz');
    const r = cli('backup', ['--out', file], {
      DATA_DIR: dataDir,
      OPERATOR_USERNAME: 'superadmin',
      OPERATOR_PASSWORD: DEMO_OPERATOR_PASSWORD,
    });
    expect(r.err).toBe('');
    expect(r.out).toMatch(new RegExp(`^Backup ${file} \\(\\d+ KB\\) dari server pid ${server.pid} yang sedang berjalan`));
    expect(cli('restore', [file], { DATA_DIR: dataDir })).toMatchObject({
      code: 1,
      err: `DATA_DIR ${dataDir} sedang dipakai proses lain (pid ${server.pid}, biasanya server); restore hanya ke DATA_DIR yang tidak dipakai dan kosong`,
    });

    const restoredDir = path.join(work, 'restored');
    const restored = cli('restore', [file], { DATA_DIR: restoredDir });
    expect(restored.err).toBe('');
    expect(restored.out).toMatch(/^Database dipulihkan ke .*: \d+ member, \d+ order, \d+ file ke .*; jalankan npm start$/);
    expect(cli('restore', [file], { DATA_DIR: restoredDir })).toMatchObject({
      code: 1,
      err: `DATA_DIR ${restoredDir} sudah berisi database; restore hanya ke DATA_DIR kosong (pindahkan folder itu dulu)`,
    });

    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    const fingerprint = async (dir: string) => {
      const db = await PGlite.create(path.join(dir, 'pglite'));
      try {
        const { rows } = await db.query<{ orders: string; members: string; status: string }>(
          `select
          (select md5(string_agg(o::text, '|' order by id)) from orders o) as orders,
          (select md5(string_agg(m::text, '|' order by id)) from members m) as members,
          (select status_order from orders where no_order = $1) as status`,
          [order.no_order],
        );
        return rows[0];
      } finally {
        await db.close();
      }
    };
    const live = await fingerprint(dataDir);
    expect(await fingerprint(restoredDir)).toEqual(live);
    expect(live!.status).toBe('WAREHOUSE');
  });
});

describe.runIf(usePostgres())('backup on PostgreSQL', () => {
  it('npm run backup says to use pg_dump, in one line', () => {
    const r = cli('backup', [], { DATABASE_URL: process.env.DATABASE_URL });
    expect(r).toMatchObject({ code: 1, err: BACKUP_MESSAGES.postgres });
  });
});
