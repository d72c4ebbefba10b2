import { loadRenderers } from 'astro:container';
import { fileURLToPath } from 'node:url';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer, type AstroContainerOptions } from 'astro/container';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { build } from 'esbuild';

const root = new URL('../../', import.meta.url);

/**
 * The project's own island directive (`client:painted`, scripts/painted-directive.mjs), compiled as
 * Astro compiles a directive added by an integration: the container knows only Astro's own.
 */
async function paintedScript(): Promise<string> {
  const entrypoint = fileURLToPath(new URL('src/browser/painted-directive.ts', root));
  const output = await build({
    stdin: {
      contents: `import directive from ${JSON.stringify(entrypoint)};
(self.Astro || (self.Astro = {})).painted = directive;
window.dispatchEvent(new Event('astro:painted'));`,
      resolveDir: fileURLToPath(root),
    },
    format: 'iife',
    minify: true,
    bundle: true,
    write: false,
  });
  return output.outputFiles[0]?.text ?? '';
}

let painted: Promise<string> | undefined;

/** An Astro container that also renders the React islands a page carries (server-rendered HTML first). */
export async function createContainer(): Promise<AstroContainer> {
  painted ??= paintedScript();
  const clientDirectives = new Map([
    ['idle', idle],
    ['load', load],
    ['media', media],
    ['only', only],
    ['visible', visible],
    ['painted', await painted],
  ]);
  return AstroContainer.create({
    renderers: await loadRenderers([getContainerRenderer()]),
    // Only what differs from the container's defaults (each field falls back on its own).
    manifest: { clientDirectives } as unknown as AstroContainerOptions['manifest'],
  });
}
