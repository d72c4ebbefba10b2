import type { PGlite } from '@electric-sql/pglite';
import { connection } from './client';

/**
 * PGlite's own dump of its data folder as a .tar.gz after a CHECKPOINT, taken between queries
 * (PGlite runs one at a time), so the copy is never torn; undefined on PostgreSQL (pg_dump).
 */
export async function dumpPgliteDataDir(): Promise<Blob | undefined> {
  const { db, kind } = await connection();
  if (kind !== 'pglite') return undefined;
  const client = (db as unknown as { $client: PGlite }).$client;
  await client.exec('checkpoint');
  return client.dumpDataDir('gzip');
}
