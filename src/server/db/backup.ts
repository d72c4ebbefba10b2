import fs from 'node:fs';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { config } from '../config';
import { connection, reopenPglite } from './client';

/**
 * An online backup of the PGlite database (DESIGN.md §7) as a .tar.gz stream, in the format of
 * PGlite's own dumpDataDir() (`npm run restore` loads it into an empty DATA_DIR). A CHECKPOINT,
 * then the files of DATA_DIR/pglite are read while PGlite is held (`runExclusive`: it runs one
 * query at a time, so no query writes while they are read and the copy is never torn). The
 * archive is made and gzipped as the client reads it: the database is never held in memory, so
 * its size is the disk's business, not the server's heap. PGlite stays held until the last byte
 * has gone or the client went away. `before` runs first (the endpoint's audit row), while
 * queries can still run. Undefined on PostgreSQL (pg_dump).
 *
 * A client that goes away (`signal`: its connection closed, e.g. `npm run backup` stopped by a
 * full disk of its own) or stops reading for BACKUP_STALL_SECONDS (default 30) ends the archive
 * at once: PGlite is never held for a reader that is gone (issue #26: the server answered nothing
 * after such a backup, until killed).
 */
export async function streamPgliteDataDir(
  before?: () => Promise<void>,
  signal?: AbortSignal,
  filesDir?: string,
): Promise<ReadableStream<Uint8Array> | undefined> {
  const { db, kind } = await connection();
  if (kind !== 'pglite') return undefined;
  const client = (db as unknown as { $client: PGlite }).$client;
  // A CHECKPOINT that fails for want of space leaves PGlite unusable (its later queries answer
  // empty results, then nothing): refuse before it when the disk is short, and should it fail
  // anyway, open the folder again (committed rows come back from the WAL).
  if (process.env.DATA_DIR !== 'memory://') assertRoomForCheckpoint(path.join(config.dataDir, 'pglite'));
  await before?.();
  try {
    await client.exec('checkpoint');
  } catch (error) {
    console.error(`[portal] CHECKPOINT untuk backup gagal (${(error as Error).message}): database dibuka ulang`);
    await reopenPglite();
    throw error;
  }
  // DATA_DIR=memory:// (tests) has no folder to read: PGlite's own dump, in memory.
  if (process.env.DATA_DIR === 'memory://') return (await client.dumpDataDir('gzip')).stream() as ReadableStream<Uint8Array>;
  const root = path.join(config.dataDir, 'pglite');
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await new Promise<void>((held, failed) => {
    client
      .runExclusive(async () => {
        held();
        await released;
      })
      .catch(failed);
  });
  const gzip = createGzip();
  // Closed when the last byte was read, or destroyed when the client went away (which also
  // stops the reading of files): either way PGlite is free again.
  const stallMs = Number(process.env.BACKUP_STALL_SECONDS || 30) * 1000;
  let pulled = Date.now();
  const watchdog = setInterval(
    () => {
      if (Date.now() - pulled > stallMs) gzip.destroy(new Error(`backup: klien berhenti membaca selama ${stallMs / 1000} s`));
    },
    Math.min(stallMs, 5000),
  );
  watchdog.unref();
  const gone = () => gzip.destroy(new Error('backup: klien terputus'));
  signal?.addEventListener('abort', gone, { once: true });
  if (signal?.aborted) gone();
  gzip.once('close', () => {
    clearInterval(watchdog);
    signal?.removeEventListener('abort', gone);
    release();
  });
  const tar = (async function* () {
    yield* tarOf(root, '', false);
    // The uploaded files (banners, return evidence) under their own prefix (FILES_PREFIX); restore
    // puts them back into FILES_DIR. Read after the database: an upload meanwhile is a file more.
    if (filesDir && fs.existsSync(filesDir)) yield* tarOf(filesDir, FILES_PREFIX, false);
    yield Buffer.alloc(1024);
  })();
  pipeline(
    Readable.from(
      (async function* () {
        for await (const chunk of tar) {
          pulled = Date.now();
          yield chunk;
        }
      })(),
    ),
    gzip,
    () => {},
  );
  return Readable.toWeb(gzip) as ReadableStream<Uint8Array>;
}

/** Free space a CHECKPOINT may need (a WAL segment, the dirty pages, its small files); BACKUP_MIN_FREE_MB. */
const MIN_FREE_BYTES = () => Number(process.env.BACKUP_MIN_FREE_MB || 64) * 1024 * 1024;

/** Throws ENOSPC (named 'disk penuh' by diskCause) when the folder's file system has less than MIN_FREE_BYTES free. */
function assertRoomForCheckpoint(dir: string): void {
  const stats = fs.statfsSync(dir);
  const free = stats.bavail * stats.bsize;
  if (free < MIN_FREE_BYTES()) {
    throw Object.assign(
      new Error(`ENOSPC: sisa ruang ${Math.floor(free / 1024)} KB, backup perlu paling sedikit ${MIN_FREE_BYTES() / 1024 / 1024} MB`),
      { code: 'ENOSPC' },
    );
  }
}

/** The name prefix of the uploaded files in a backup archive (`npm run restore` writes them to FILES_DIR). */
export const FILES_PREFIX = '/portal-files';

/**
 * The entries of `root` as a ustar archive, one file at a time; names as PGlite writes them
 * ('/base/1/…'), after `prefix`; `end`: with the two empty blocks that close an archive.
 */
async function* tarOf(root: string, prefix = '', end = true): AsyncGenerator<Buffer> {
  const walk = async function* (dir: string): AsyncGenerator<Buffer> {
    for (const entry of (await fs.promises.readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      const name = prefix + full.slice(root.length);
      const stat = await fs.promises.lstat(full);
      if (stat.isDirectory()) {
        yield tarHeader(name, stat, 0, '5');
        yield* walk(full);
      } else if (stat.isFile()) {
        yield tarHeader(name, stat, stat.size, '0');
        let left = stat.size;
        // Exactly the size the header announced (PGlite is held: nothing grows meanwhile).
        for await (const chunk of fs.createReadStream(full, { start: 0, end: Math.max(stat.size - 1, 0), highWaterMark: 256 * 1024 })) {
          const bytes = (chunk as Buffer).subarray(0, left);
          left -= bytes.length;
          if (bytes.length > 0) yield bytes;
          if (left === 0) break;
        }
        if (left > 0) yield Buffer.alloc(left);
        if (stat.size % 512) yield Buffer.alloc(512 - (stat.size % 512));
      }
    }
  };
  if (prefix) yield tarHeader(prefix, await fs.promises.lstat(root), 0, '5');
  yield* walk(root);
  if (end) yield Buffer.alloc(1024);
}

export interface TarEntry {
  name: string;
  type: string;
  data: Buffer;
  raw: Buffer;
}

/** The entries of an uncompressed ustar archive (as tarOf writes it and PGlite's dumpDataDir), with their raw blocks. */
export function* readTar(archive: Buffer): Generator<TarEntry> {
  for (let at = 0; at + 512 <= archive.length; ) {
    const header = archive.subarray(at, at + 512);
    if (header.every((b) => b === 0)) return;
    const text = (from: number, length: number) => header.toString('utf8', from, from + length).replace(/\0.*$/s, '');
    const size = Number.parseInt(text(124, 12).trim() || '0', 8);
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const blocks = 512 + Math.ceil(size / 512) * 512;
    yield { name, type: text(156, 1) || '0', data: archive.subarray(at + 512, at + 512 + size), raw: archive.subarray(at, at + blocks) };
    at += blocks;
  }
}

/** One 512-byte ustar header; names longer than 100 bytes are split into prefix and name. */
function tarHeader(name: string, stat: fs.Stats, size: number, type: '0' | '5'): Buffer {
  const header = Buffer.alloc(512);
  let prefix = '';
  let short = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    short = name.slice(cut + 1);
  }
  const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;
  header.write(short, 0, 100, 'utf8');
  header.write(octal(stat.mode & 0o7777, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(stat.mtimeMs / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write(type, 156, 'ascii');
  header.write('ustar\u000000', 257, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${octal(sum, 7)} `, 148, 'ascii');
  return header;
}
