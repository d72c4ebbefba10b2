import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { fileDatabasePrefix, onServer, RUN_ENV, tempDir, usePostgres, withDatabase } from './databases';
import { requestTemplate, templateOf } from './templates';

// The environment as the file found it: files share a worker (vitest.config.ts, isolate: false),
// so what a file sets (DATA_DIR below, a provider's keys in the file itself) ends with it.
const envBefore = { ...process.env };

// Each test file gets a private copy of its template (tests/setup/templates.ts: the small demo, or
// the demo year for files marked `// @template year`) before anything opens the database.
const testFile = expect.getState().testPath!;
const template = await requestTemplate(templateOf(testFile));
const baseUrl = process.env.DATABASE_URL;
let cleanup: () => Promise<void>;

if (baseUrl && usePostgres()) {
  // Named after the run (global-setup.ts drops what a run leaves: Vitest runs no afterAll in a file
  // whose tests are all skipped, as the PGlite-only files are on PostgreSQL).
  const name = `${fileDatabasePrefix(process.env[RUN_ENV])}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(baseUrl, (sql) => sql.unsafe(`create database ${name} template ${template.database}`));
  process.env.DATABASE_URL = withDatabase(baseUrl, name);
  // The template's uploaded files, copied like the database (they live outside it).
  const files = path.join(tempDir('portal-test-files-'), 'files');
  if (template.filesDir) fs.cpSync(template.filesDir, files, { recursive: true });
  else fs.mkdirSync(files, { recursive: true });
  process.env.FILES_DIR = files;
  cleanup = async () => {
    await onServer(baseUrl, (sql) => sql.unsafe(`drop database if exists ${name} with (force)`));
    fs.rmSync(path.dirname(files), { recursive: true, force: true });
  };
} else {
  const dir = path.join(tempDir('portal-test-'), 'data');
  fs.cpSync(template.dataDir!, dir, { recursive: true });
  process.env.DATA_DIR = dir;
  cleanup = async () => fs.rmSync(path.dirname(dir), { recursive: true, force: true });
}
process.env.SEED_ON_START = '0';
// No scheduler closing days or expiring orders on its own behind a test (tests run it themselves).
process.env.SCHEDULER = '0';

afterAll(async () => {
  const { closeDb } = await import('../../src/server/db/client');
  await closeDb();
  await cleanup();
  for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
  Object.assign(process.env, envBefore);
});
