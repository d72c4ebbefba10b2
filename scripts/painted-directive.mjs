// First paint (issue #23, docs/decisions/0029-first-paint-islands-after-the-first-frame.md): the
// `client:painted` island directive, which starts an island only after the page's first frame
// (`load`, two animation frames, then an idle moment; `{ visible: true }` waits for the island to be
// on screen instead of the idle moment). The directive itself is browser code,
// src/browser/painted-directive.ts; Astro compiles it into an inline script, written once into each
// page with such an island, and hashes it for the Content-Security-Policy with its own directives'.
// Its type for the templates is in src/env.d.ts (Astro.ClientDirectives).
import { fileURLToPath } from 'node:url';

/** A file path: Astro writes the entrypoint into an `import` for esbuild as it is given. */
const ENTRYPOINT = fileURLToPath(new URL('../src/browser/painted-directive.ts', import.meta.url));

/** The Astro integration (astro.config.mjs). */
export function paintedDirective() {
  return {
    name: 'portal-painted-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'painted', entrypoint: ENTRYPOINT });
      },
    },
  };
}
