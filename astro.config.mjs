// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // Cross-site form posts carrying the session cookie are refused (DESIGN.md §4).
  security: { checkOrigin: true },
  server: {
    port: Number(process.env.PORT ?? 4321),
    host: process.env.HOST ?? 'localhost',
  },
  build: { inlineStylesheets: 'auto' },
  vite: {
    ssr: { external: ['@electric-sql/pglite', '@node-rs/argon2', 'postgres', 'nodemailer'] },
  },
});
