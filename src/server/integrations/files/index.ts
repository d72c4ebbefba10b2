import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { config } from '../../config';

/**
 * Private file storage (DESIGN.md §6 "files"): a local folder under DATA_DIR (FILES_DIR
 * overrides it), outside anything the web server serves. Files are reached only through
 * authenticated routes that check the owner first.
 */
export function filesRoot(): string {
  if (process.env.FILES_DIR) return path.resolve(process.env.FILES_DIR);
  if (process.env.DATA_DIR === 'memory://') return path.join(os.tmpdir(), `portal-files-${process.pid}`);
  return path.join(config.dataDir, 'uploads');
}

export interface SniffedMedia {
  kind: 'image' | 'video';
  mime: string;
  ext: string;
}

/** The media type from the first bytes (magic numbers), never from the name or the browser's claim. */
export function sniffMedia(bytes: Uint8Array): SniffedMedia | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b))
    return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { kind: 'image', mime: 'image/webp', ext: 'webp' };
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return { kind: 'image', mime: 'image/gif', ext: 'gif' };
  // ISO base media (MP4): a box size, then 'ftyp' and a brand that is not an image format (HEIC/AVIF).
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (!['heic', 'heix', 'mif1', 'msf1', 'avif', 'avis'].includes(brand)) return { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
  }
  return null;
}

function safePath(area: string, name: string): string {
  if (!/^[a-z0-9-]+$/.test(area) || !/^[A-Za-z0-9._-]+$/.test(name) || name.includes('..')) throw new Error('Nama file tidak valid');
  return path.join(filesRoot(), area, name);
}

/** Stores bytes under a fresh random name in the area's folder and answers the name. */
export async function saveFile(area: string, bytes: Uint8Array, ext: string): Promise<string> {
  const name = `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-${crypto.randomBytes(16).toString('hex')}.${ext}`;
  const target = safePath(area, name);
  await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  await fs.writeFile(target, bytes, { mode: 0o600, flag: 'wx' });
  return name;
}

export async function readStoredFile(area: string, name: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(safePath(area, name));
  } catch {
    return undefined;
  }
}

export async function deleteFile(area: string, name: string): Promise<void> {
  await fs.rm(safePath(area, name), { force: true }).catch(() => {});
}
