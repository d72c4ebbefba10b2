import { randomBytes } from 'node:crypto';
import { YEAR_FOR_BROWSER_ENV } from '../../scripts/template-cache.mjs';
import { fileDatabasePrefix, onServer, RUN_ENV } from './databases';
import { serveTemplates, TEMPLATES_ENV, Templates } from './templates';

/**
 * Integration tests only (vitest.config.ts, project `integration`). Builds the small template
 * (tests/setup/templates.ts) before the first file starts and serves the templates to the test
 * workers; the year template is built the first time a file marked `// @template year` asks for it,
 * and never in a run that selects no such file. Each test file works on its own copy (per-file.ts),
 * so files never see each other's writes.
 */
export default async function setup() {
  const run = randomBytes(4).toString('hex');
  process.env[RUN_ENV] = run;
  const templates = new Templates(process.env.DATABASE_URL || undefined);
  await templates.get('small');
  // `npm test` on PGlite: the browser tests' server waits for this run's demo year instead of
  // seeding the same year itself (scripts/serve-test.mjs), so it is built at once, not on demand.
  if (process.env[YEAR_FOR_BROWSER_ENV] && !process.env.DATABASE_URL) templates.get('year').catch(() => {});
  const server = await serveTemplates(templates);
  const { port } = server.address() as { port: number };
  process.env[TEMPLATES_ENV] = `http://127.0.0.1:${port}`;

  return async () => {
    server.close();
    await templates.drop();
    // The copies of files whose afterAll never ran (every test skipped on this database).
    const url = process.env.DATABASE_URL;
    if (url)
      await onServer(url, async (sql) => {
        const prefix = fileDatabasePrefix(run);
        for (const { datname } of await sql<{ datname: string }[]>`select datname from pg_database where starts_with(datname, ${prefix})`)
          await sql.unsafe(`drop database if exists ${datname} with (force)`);
      });
    if (process.env.PORTAL_TEST_TIMINGS) console.log(`[templates] ${templates.timings.join(', ')}`);
  };
}
