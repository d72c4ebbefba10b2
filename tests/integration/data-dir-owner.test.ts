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

  it('lets go of its exit listener with the folder: a process that opens many folders in turn gathers none', () => {
    // A test worker opens a copy per file: 11 listeners made Node print a MaxListenersExceededWarning
    // into the next file's captured output.
    const before = process.listenerCount('exit');
    const dirs = Array.from({ length: 12 }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-owner-')));
    for (const dir of dirs) {
      claimDataDir(dir);
      claimDataDir(dir); // opened again by the same process: still one listener
      expect(process.listenerCount('exit')).toBe(before + 1);
      releaseDataDir(dir);
      expect(fs.existsSync(path.join(dir, OWNER_FILE))).toBe(false);
    }
    expect(process.listenerCount('exit')).toBe(before);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
});
