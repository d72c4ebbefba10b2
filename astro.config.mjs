// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // Cross-site writes are refused in src/middleware.ts (isCrossSiteWrite), not by Astro's
  // checkOrigin: that one lets cross-site JSON through and refuses body-less bearer calls.
  security: { checkOrigin: false },
  server: {
    port: Number(process.env.PORT ?? 4321),
    host: process.env.HOST ?? 'localhost',
  },
  build: { inlineStylesheets: 'auto' },
  vite: {
    ssr: { external: ['@electric-sql/pglite', '@node-rs/argon2', 'postgres', 'nodemailer'] },
  },
});
