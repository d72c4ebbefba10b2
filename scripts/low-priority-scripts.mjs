// First paint (issue #23, docs/decisions/0027-first-paint-low-priority-scripts.md): the page is
// whole without its scripts (server-rendered, forms post without JS), so the bundled module
// scripts Astro writes into a page (<script type="module" src>: the layout script, the carousel,
// dialogs…) are fetched with fetchpriority="low". Chrome otherwise fetches a module script at High
// priority, beside the document's first bytes and the images above the fold, and Lighthouse's
// simulated FCP counts every High-priority script that arrived before the first paint as
// render-blocking: the layout script and its two imports cost the order list ~250 ms (1.6× the
// static page instead of 1.25×). Module scripts stay deferred: they still run after the document
// is parsed, in the same order.
//
// The attribute does not reach a module's own imports: Chrome fetched the layout script's
// `session-ended` and `toasts` chunks (and the carousel's preload helper) at High priority, and
// when they arrived before the first paint Lighthouse's pessimistic FCP graph counted them and
// their evaluation (the order list: 0.98 s optimistic, 2.4 s pessimistic, 1.68 s scored). So each
// script tag is preceded by `<link rel="modulepreload" fetchpriority="low">` for every chunk the
// script imports (directly or through another chunk): Chrome fetches them at Low beside the
// script, and the script's imports are then answered from the module map instead of new requests.
// The client build knows the imports (its bundle); the server build, which holds the renderer,
// was written before it, so the renderer carries a placeholder that `astro:build:done` fills in.
//
// This integration edits the one string in Astro's renderer that writes such a tag and stops the
// build if that string is gone (an Astro upgrade that renders scripts differently must be looked
// at, not silently lose the attribute), and stops it when the placeholder is not found after the
// build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RENDERER = /astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]script\.js$/;
const TAG = '<script type="module" src="';
const PLACEHOLDER = '@@PORTAL_SCRIPT_IMPORTS@@';
/** The placeholder as the server build writes it: an object with one key, filled in after the build. */
const PLACEHOLDER_OBJECT = new RegExp(`\\{\\s*["'\`]${PLACEHOLDER}["'\`]\\s*:\\s*\\[\\s*\\]\\s*,?\\s*\\}`, 'g');

/** Code added to the renderer: the imports of each script (by its URL) as modulepreload links. */
const PRELOADS = `
const portalScriptImports = { "${PLACEHOLDER}": [] };
function portalModulePreloads(src) {
  const imports = Object.hasOwn(portalScriptImports, src) ? portalScriptImports[src] : [];
  return imports.map((href) => \`<link rel="modulepreload" fetchpriority="low" href="\${href}">\`).join("");
}
`;

/** Every chunk a chunk imports statically, directly or through another chunk, in a stable order. */
export function staticImportsOf(fileName, bundle, seen = new Set()) {
  for (const imported of bundle[fileName]?.imports ?? []) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    staticImportsOf(imported, bundle, seen);
  }
  return [...seen];
}

/**
 * URL of each client entry chunk with imports → the URLs of the chunks it imports.
 * @param {Record<string, { type: string, fileName: string, imports?: string[], isEntry?: boolean }>} bundle
 * @returns {Record<string, string[]>}
 */
export function scriptImportsMap(bundle, base = '/') {
  /** @type {Record<string, string[]>} */
  const map = {};
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
    const imports = staticImportsOf(chunk.fileName, bundle);
    if (imports.length) map[base + chunk.fileName] = imports.map((file) => base + file);
  }
  return map;
}

/** The Astro integration (astro.config.mjs). */
export function lowPriorityScripts() {
  let imports;
  let serverDir;
  const plugin = {
    name: 'portal-low-priority-scripts',
    transform(code, id) {
      if (!RENDERER.test(id.split('?')[0])) return null;
      if (!code.includes(TAG)) this.error(`${id}: no ${TAG}…"> left to give fetchpriority="low" (scripts/low-priority-scripts.mjs)`);
      // Inside the renderer's template literal: Astro's own variable `resolved` is the script's URL.
      const tagged = code.replaceAll(TAG, `\${portalModulePreloads(resolved)}<script type="module" fetchpriority="low" src="`);
      return { code: PRELOADS + tagged, map: null };
    },
    writeBundle(_options, bundle) {
      if (this.environment?.name === 'client') imports = scriptImportsMap(bundle);
    },
  };
  return {
    name: 'portal-low-priority-scripts',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => updateConfig({ vite: { plugins: [plugin] } }),
      'astro:config:done': ({ config }) => {
        serverDir = fileURLToPath(config.build.server);
      },
      'astro:build:done': ({ logger }) => {
        if (!imports) throw new Error('scripts/low-priority-scripts.mjs: the client build did not report its chunks');
        let filled = 0;
        const walk = (dir) => {
          for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
            const file = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(file);
            else if (/\.m?js$/.test(entry.name)) {
              const code = fs.readFileSync(file, 'utf8');
              if (!code.includes(PLACEHOLDER)) continue;
              const next = code.replace(PLACEHOLDER_OBJECT, () => JSON.stringify(imports));
              if (next.includes(PLACEHOLDER))
                throw new Error(`${file}: the script imports' placeholder is written differently (scripts/low-priority-scripts.mjs)`);
              fs.writeFileSync(file, next);
              filled++;
            }
          }
        };
        if (fs.existsSync(serverDir)) walk(serverDir);
        if (!filled)
          throw new Error(`scripts/low-priority-scripts.mjs: no renderer with the script imports' placeholder under ${serverDir}`);
        logger.info(`modulepreload (fetchpriority=low) for the imports of ${Object.keys(imports).length} scripts`);
      },
    },
  };
}
