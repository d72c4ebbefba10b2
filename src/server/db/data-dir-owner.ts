import fs from 'node:fs';
import path from 'node:path';

/** PGlite is single-process: the process that opened DATA_DIR writes its pid here until it closes. */
export const OWNER_FILE = 'portal.pid';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Where the server holding the folder listens (written by scripts/server.mjs), for the CLI. */
export const URL_FILE = 'portal.url';

/** The pid of another live process holding the folder (normally the server), if any. */
export function dataDirHolder(dir: string): number | undefined {
  const file = path.join(dir, OWNER_FILE);
  const holder = Number(fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : NaN);
  return Number.isInteger(holder) && holder !== process.pid && alive(holder) ? holder : undefined;
}

/** Claims the data folder, or refuses with one clear line when another live process holds it. */
export function claimDataDir(dir: string): void {
  const file = path.join(dir, OWNER_FILE);
  const holder = dataDirHolder(dir);
  if (holder !== undefined) {
    throw new Error(
      `DATA_DIR ${dir} sedang dipakai proses lain (pid ${holder}, biasanya server); hentikan server dulu atau gunakan PostgreSQL`,
    );
  }
  fs.writeFileSync(file, String(process.pid));
  if (!onExit.has(dir)) {
    const release = () => releaseDataDir(dir);
    onExit.set(dir, release);
    process.once('exit', release);
  }
}

/** The exit listener of each folder this process holds, removed when it lets go (a test worker opens dozens). */
const onExit = new Map<string, () => void>();

export function releaseDataDir(dir: string): void {
  const release = onExit.get(dir);
  if (release) {
    process.off('exit', release);
    onExit.delete(dir);
  }
  const file = path.join(dir, OWNER_FILE);
  try {
    if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
  } catch {
    /* already gone */
  }
}
