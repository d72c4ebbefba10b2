// First paint (issue #23, docs/decisions/0027-first-paint-low-priority-scripts.md): the page is
// whole without its scripts (server-rendered, forms post without JS), so the bundled module
// scripts Astro writes into a page (<script type="module" src>: the layout script, the carousel,
// dialogs…) are fetched with fetchpriority="low". Chrome otherwise fetches a module script at High
// priority, beside the document's first bytes and the images above the fold, and Lighthouse's
// simulated FCP counts every High-priority script that arrived before the first paint as
// render-blocking: the layout script and its two imports cost the order list ~250 ms (1.6× the
// static page instead of 1.25×). Module scripts stay deferred: they still run after the document
// is parsed, in the same order. This Vite plugin edits the one string in Astro's renderer that
// writes such a tag and stops the build if that string is gone (an Astro upgrade that renders
// scripts differently must be looked at, not silently lose the attribute).
const RENDERER = /astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]script\.js$/;
const TAG = '<script type="module" src="';

export function lowPriorityScripts() {
  return {
    name: 'portal-low-priority-scripts',
    transform(code, id) {
      if (!RENDERER.test(id.split('?')[0])) return null;
      if (!code.includes(TAG)) this.error(`${id}: no ${TAG}…"> left to give fetchpriority="low" (scripts/low-priority-scripts.mjs)`);
      return { code: code.replaceAll(TAG, '<script type="module" fetchpriority="low" src="'), map: null };
    },
  };
}
