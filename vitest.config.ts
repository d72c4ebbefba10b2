import { getViteConfig } from 'astro/config';

// Astro's Vite config, so tests can render .astro pages with the container API and run
// src/middleware.ts (astro:middleware) as they are.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/per-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
} as Parameters<typeof getViteConfig>[0]);
