import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimDataDir, OWNER_FILE, releaseDataDir } from '../../src/server/db/data-dir-owner';

describe('one process per PGlite data folder', () => {
  it('refuses while another live process holds DATA_DIR, claims it once that process is gone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-owner-'));
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(path.join(dir, OWNER_FILE), String(server.pid));
      expect(() => claimDataDir(dir)).toThrow(
        `DATA_DIR ${dir} sedang dipakai proses lain (pid ${server.pid}, biasanya server); hentikan server dulu atau gunakan PostgreSQL`,
      );
    } finally {
      server.kill();
      await new Promise((resolve) => server.once('exit', resolve));
    }
    claimDataDir(dir);
    expect(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8')).toBe(String(process.pid));
    releaseDataDir(dir);
    expect(fs.existsSync(path.join(dir, OWNER_FILE))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
