import { getViteConfig } from 'astro/config';
import { keepTempFilesInMemory } from './tests/setup/memory-tmpdir';

keepTempFilesInMemory();

// Astro's Vite config, so tests can render .astro pages with the container API and run
// src/middleware.ts (astro:middleware) as they are. Two projects (docs/decisions/0011-test-loop.md):
// - unit: tests/unit, pure functions, no database: no global setup, no per-file setup; DATA_DIR
//   points nowhere and DATABASE_URL is empty, so a unit test that opens the database fails.
//   `npm run test:unit` (vitest run --project unit).
// - integration: tests/integration on a real database (PGlite, or PostgreSQL with DATABASE_URL),
//   each file on its own copy of a seeded template (tests/setup/templates.ts).
export default getViteConfig({
  test: {
    // A hang detector, not a timing: on a loaded 2-core CI machine (the whole suite on both
    // databases beside the browser tests) ordinary tests were seen taking over 30 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // Files share a worker's loaded modules instead of importing the portal anew per file (a
    // quarter of the integration run's time): each file still gets its own database copy, and
    // what outlives a file is reset when it ends (tests/setup/per-file.ts: the environment, the
    // database connection and what modules cached from it through onDbClose).
    isolate: false,
    unstubEnvs: true,
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          env: { DATA_DIR: '/dev/null/unit-tests-have-no-database', DATABASE_URL: '' },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/setup/global-setup.ts'],
          setupFiles: ['tests/setup/per-file.ts'],
          // The readable lines even where a test stubs PORTAL_ENV=production (whose default is JSON,
          // an access line per request); tests/integration/logs.test.ts sets LOG_FORMAT itself.
          env: { LOG_FORMAT: 'text' },
        },
      },
    ],
  },
} as Parameters<typeof getViteConfig>[0]);
