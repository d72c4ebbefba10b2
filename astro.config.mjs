// @ts-check

import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { cspDigestMemo, cspHashListsOnce } from './scripts/csp-digest-memo.mjs';
import { cssAscii } from './scripts/css-ascii.mjs';
import { lowPriorityScripts } from './scripts/low-priority-scripts.mjs';
import { pageBytes } from './scripts/page-bytes.mjs';
import { paintedDirective } from './scripts/painted-directive.mjs';
import { precompress } from './scripts/precompress.mjs';
import { serviceWorkerVersion } from './scripts/service-worker.mjs';

export default defineConfig({
  output: 'server',
  // Pages are rendered whole and sent in one write with a Content-Length (issue #24): streamed,
  // the dashboard's ~130 KB went out as several chunks, each encoded, piped through a web stream
  // and written to the socket on its own (about a sixth of its server CPU). Every page awaits its
  // data in its frontmatter before the layout renders, so the first byte waited for it anyway.
  // `middleware`: the adapter renders pages and endpoints only; scripts/server.mjs sends the files
  // of dist/client itself, from a list made at start, instead of two file lookups before every page.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // lowPriorityScripts: module scripts and their imports at fetchpriority=low (first paint, ADR 0027).
  // paintedDirective: `client:painted`, islands started after the first frame (first paint, ADR 0029).
  // experimentalDisableStreaming: islands rendered on the server with React's renderToString, not
  // a web stream per island read back chunk by chunk (issue #24: /account/profile 1.57 → 1.44 ms of
  // server CPU an answer, its two region pickers). renderToString gets no identifierPrefix: no island
  // may render a useId id on the server (today only the region combobox uses useId, after hydration).
  integrations: [
    react({ experimentalDisableStreaming: true }),
    lowPriorityScripts(),
    paintedDirective(),
    precompress(),
    serviceWorkerVersion(),
  ],
  // Cross-site writes are refused in src/middleware.ts (isCrossSiteWrite), not by Astro's
  // checkOrigin: that one lets cross-site JSON through and refuses body-less bearer calls.
  security: {
    checkOrigin: false,
    // Content-Security-Policy header on every page (Astro hashes its own island and bundled
    // scripts and styles). frame-ancestors and the Midtrans origins are added per request in
    // src/middleware.ts (contentSecurity): they depend on the page and on the environment.
    csp: {
      directives: [
        "default-src 'self'",
        // https: for operator-entered news images and promo banners hosted elsewhere.
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: ["'self'"] },
      // style="" attributes stay allowed (style-src-attr); <style> and stylesheets are hashed.
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 4321),
    host: process.env.HOST ?? 'localhost',
  },
  // Every stylesheet goes into the page itself (issue #23): no render-blocking request before the
  // first paint, and each page carries only the styles its components import (console, tree and
  // chart styles are their components' own files).
  build: { inlineStylesheets: 'always' },
  vite: {
    // cspDigestMemo: Astro's per-request CSP hashes of the same inline styles and scripts, computed once;
    // cspHashListsOnce: the manifest's hash lists without their repeats, made once (issue #24).
    // cssAscii: the built stylesheets as ASCII text, so an inlined page stays a one-byte string (issue #24).
    // pageBytes: a page rendered into UTF-8 bytes as it renders, not one long string encoded at the end (issue #24).
    plugins: [cspDigestMemo(), cspHashListsOnce(), cssAscii(), pageBytes()],
    // drizzle-orm is bundled into the server: imported as a package, each of the ~50 server modules
    // that import it made Node read its 179 KB package.json's exports map again (0.3 s of every
    // start's ~2 s of CPU; issue #22's process-level tests start a server or a command dozens of times).
    // Not under Vitest, whose module runner would then load drizzle itself: the double-clicked
    // BAYAR of order-flow.test.ts (ten payments at once on one PGlite) never finished that way.
    ssr: {
      external: ['@electric-sql/pglite', '@node-rs/argon2', 'postgres', 'nodemailer'],
      noExternal: process.env.VITEST ? [] : ['drizzle-orm'],
    },
  },
});
