// Plain Node with erasable types only: scripts/start.mjs imports this file before the build.
import fs from 'node:fs';
import path from 'node:path';

const CAUSES: Record<string, string> = {
  ENOSPC: 'disk penuh',
  EDQUOT: 'kuota disk habis',
  EROFS: 'sistem file hanya-baca',
  EACCES: 'tidak ada izin menulis',
  EPERM: 'tidak ada izin menulis',
  ENOTDIR: 'sebagian path bukan folder',
  ENOENT: 'folder tidak bisa dibuat di sana',
  EEXIST: 'path sudah ada dan bukan folder',
};

/**
 * The cause of a failed write in the operator's words when it is the disk's (full, quota,
 * read-only, permissions): Node's errno codes and PostgreSQL's 53100 (disk full), also when
 * wrapped (`cause`). Undefined for anything else.
 */
export function diskCause(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '53100') return CAUSES.ENOSPC;
    // PGlite's file system (Emscripten) throws { name: 'ErrnoError', errno } with its own numbers: 51 is ENOSPC.
    if ((e as { name?: unknown }).name === 'ErrnoError' && (e as { errno?: unknown }).errno === 51) return CAUSES.ENOSPC;
    if (typeof code === 'string' && code in CAUSES && code !== 'ENOENT' && code !== 'EEXIST' && code !== 'ENOTDIR') return CAUSES[code];
    // PGlite reports a full disk as a PostgreSQL error whose message names it (no errno code).
    if (/No space left on device|could not extend file/i.test(String((e as { message?: unknown }).message ?? ''))) return CAUSES.ENOSPC;
  }
  return undefined;
}

/**
 * Proves the PGlite data folder can take a write before the database opens: creates the folder,
 * writes, fsyncs and deletes a small file. A check of permissions alone passes for root on a
 * read-only mount or a full disk; a real write does not. Returns the operator's message, or
 * undefined when the folder is writable.
 */
export function dataDirProblem(dir: string): string | undefined {
  const probe = path.join(dir, `.tulis-uji-${process.pid}`);
  let fd: number | undefined;
  try {
    makeDirs(dir);
    fd = fs.openSync(probe, 'w');
    fs.writeSync(fd, Buffer.alloc(64 * 1024));
    fs.fsyncSync(fd);
    return roomForNewDatabase(dir);
  } catch (cause) {
    const { code, message } = cause as NodeJS.ErrnoException;
    return `DATA_DIR ${dir} tidak bisa ditulis: ${(code && CAUSES[code]) ?? 'gagal menulis'} (${message})`;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
    try {
      fs.rmSync(probe, { force: true });
    } catch {
      /* the folder itself is the problem, reported above */
    }
  }
}

/**
 * A new database (first start: no DATA_DIR/pglite/PG_VERSION yet) needs room for PostgreSQL's
 * files, the migrations and the demo: with less than NEW_DATABASE_MIN_FREE_MB (default 100) free,
 * the first start stopped half-way and answered every request with an error (issue #26).
 */
function roomForNewDatabase(dir: string): string | undefined {
  if (fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION'))) return undefined;
  const needed = Number(process.env.NEW_DATABASE_MIN_FREE_MB ?? 100);
  const stats = fs.statfsSync(dir);
  const free = Math.floor((stats.bavail * stats.bsize) / 1024 / 1024);
  if (free >= needed) return undefined;
  return `DATA_DIR ${dir} tidak bisa ditulis: ${CAUSES.ENOSPC} (sisa ${free} MB; database baru perlu paling sedikit ${needed} MB)`;
}

/**
 * Files and folders this process creates are its user's alone (umask 077): the database, its
 * backups, uploads. Called first by every entry point (scripts/start.mjs, scripts/server.mjs,
 * the CLI) and again wherever the data folder is opened.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Takes group and world access off the data folder and everything in it (folders 0700, files at
 * most 0600). PGlite unpacks its initial database with mode 0666 whatever the umask, and a folder
 * made by an older version kept those modes; this repairs both before the database is used.
 */
export function lockDownDataDir(dir: string): void {
  const walk = (target: string) => {
    const stat = fs.lstatSync(target, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(target, stat.mode & 0o700);
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) walk(path.join(target, name));
  };
  walk(dir);
}

/**
 * mkdir -p one level at a time: Node's recursive mkdirSync never returns for a path under /proc
 * (it retries ENOENT forever), which would hang the start instead of reporting.
 */
function makeDirs(dir: string): void {
  if (fs.existsSync(dir)) {
    if (fs.statSync(dir).isDirectory()) return;
    throw Object.assign(new Error(`not a directory: ${dir}`), { code: 'ENOTDIR' });
  }
  const parent = path.dirname(dir);
  if (parent !== dir) makeDirs(parent);
  fs.mkdirSync(dir, { mode: 0o700 });
}
