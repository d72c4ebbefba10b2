import { getViteConfig } from 'astro/config';

// tests/replica only, run by scripts/replica-test.sh (`npm run test:replica`), which starts the
// temporary primary and hot standby these tests need (ADR 0019). Not a project of vitest.config.ts:
// the normal unit and integration runs (and CI) have no standby. One file at a time: the files
// pause, lag and stop the one shared standby.
export default getViteConfig({
  test: {
    include: ['tests/replica/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/per-file.ts', 'tests/replica/setup.ts'],
  },
} as Parameters<typeof getViteConfig>[0]);
