import fs from 'node:fs';
import path from 'node:path';
import { TEMPLATE_ENV, onServer, tempDir, usePostgres, withDatabase } from './databases';

/**
 * Builds one migrated, seeded demo database for the whole run (300 members, seed 42). Each test
 * file then works on its own copy (per-file.ts), so files never see each other's writes.
 */
export default async function setup() {
  const baseUrl = process.env.DATABASE_URL;
  let template: string;
  if (baseUrl && usePostgres()) {
    template = `portal_tpl_${process.pid}_${Date.now()}`;
    await onServer(baseUrl, (sql) => sql.unsafe(`create database ${template}`));
    process.env.DATABASE_URL = withDatabase(baseUrl, template);
  } else {
    template = path.join(tempDir('portal-tpl-'), 'data');
    process.env.DATA_DIR = template;
  }
  const { connection, closeDb } = await import('../../src/server/db/client');
  const { seedDemo } = await import('../../src/server/db/seed');
  const { db } = await connection();
  await seedDemo(db, { members: 300, seed: 42 });
  await closeDb();
  process.env[TEMPLATE_ENV] = template;
  if (baseUrl) process.env.DATABASE_URL = baseUrl;

  return async () => {
    if (baseUrl && usePostgres()) {
      await onServer(baseUrl, (sql) => sql.unsafe(`drop database if exists ${template} with (force)`));
    } else {
      fs.rmSync(path.dirname(template), { recursive: true, force: true });
    }
  };
}
