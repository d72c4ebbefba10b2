import { YEAR_FOR_BROWSER_ENV } from '../../scripts/template-cache.mjs';
import { serveTemplates, TEMPLATES_ENV, Templates } from './templates';

/**
 * Integration tests only (vitest.config.ts, project `integration`). Builds the small template
 * (tests/setup/templates.ts) before the first file starts and serves the templates to the test
 * workers; the year template is built the first time a file marked `// @template year` asks for it,
 * and never in a run that selects no such file. Each test file works on its own copy (per-file.ts),
 * so files never see each other's writes.
 */
export default async function setup() {
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
    if (process.env.PORTAL_TEST_TIMINGS) console.log(`[templates] ${templates.timings.join(', ')}`);
  };
}
