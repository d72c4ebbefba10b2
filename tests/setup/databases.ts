import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

/** Tests run on PGlite unless DATABASE_URL names a PostgreSQL server (CI runs both). */
export const usePostgres = (): boolean => Boolean(process.env.DATABASE_URL);

export const TEMPLATE_ENV = 'PORTAL_TEST_TEMPLATE';

/** The integration run's id (global-setup.ts), in the name of every file's database copy. */
export const RUN_ENV = 'PORTAL_TEST_RUN';
export const fileDatabasePrefix = (run = 'solo'): string => `portal_t_${run}_`;

export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs statements on the server's maintenance database (create/drop database). */
export async function onServer(url: string, run: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(adminUrl(url), { max: 1, onnotice: () => {} });
  try {
    await run(sql);
  } finally {
    await sql.end();
  }
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
