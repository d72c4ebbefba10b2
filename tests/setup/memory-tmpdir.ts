import fs from 'node:fs';
import path from 'node:path';

/**
 * Test runs keep their temporary folders in memory (/dev/shm) where the machine has one: each
 * integration file's copy of its template, the servers' data folders, the browser's profiles.
 * On this project's machines a 52 MB template copy took 0.9 s of kernel CPU on the disk and 0.05 s
 * in memory, and every file makes one (docs/decisions/0011-test-loop.md). The databases are the
 * same PGlite; a SIGKILL test kills the process, not the machine, so what it checks holds on
 * either. Called by vitest.config.ts and playwright.config.ts; their workers inherit TMPDIR.
 * PORTAL_TEST_TMPDIR=disk keeps the system's temporary folder.
 */
export function keepTempFilesInMemory(): void {
  if (process.env.PORTAL_TEST_TMPDIR === 'disk' || process.env.TMPDIR?.startsWith('/dev/shm/')) return;
  const dir = '/dev/shm/portal-tests';
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    return;
  }
  process.env.TMPDIR = dir;
  pruneOld(dir);
}

/**
 * Memory is not cleared by a reboot-free machine: what a run left behind (a file whose tests were
 * all skipped runs no afterAll, a killed run cleans nothing) goes once it is a day old, when no run
 * of today can still be using it.
 */
function pruneOld(dir: string): void {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of fs.readdirSync(dir)) {
    const entry = path.join(dir, name);
    try {
      if (fs.statSync(entry).mtimeMs < dayAgo) fs.rmSync(entry, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}
