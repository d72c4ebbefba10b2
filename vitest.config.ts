import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Lets integration tests run src/middleware.ts as it is (astro:middleware is a virtual module).
  resolve: { alias: { 'astro:middleware': 'astro/middleware' } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/per-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
