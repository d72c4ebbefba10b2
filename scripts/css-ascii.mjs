// Build step (astro.config.mjs, a Vite plugin): every character above ASCII in the built
// stylesheets is written as a CSS escape (Pico's zero-width space before each nav item becomes
// `\200b `), before Astro inlines them into the pages. One such character made every page a
// two-byte string on the server, and encoding a page like that into UTF-8 took about three times
// as long (issue #24: 14% of the dashboard's server CPU). The browser reads the same characters.
// After minification: lightningcss, Vite's minifier, writes escapes out as characters again.
const NON_ASCII = /[^\t\n\r -~]/gu;

/** CSS text with each non-ASCII character as an escape (the space ends the escape and is not content). */
export const escapeNonAscii = (css) => css.replace(NON_ASCII, (ch) => `\\${ch.codePointAt(0).toString(16)} `);

export function cssAscii() {
  return {
    name: 'portal:css-ascii',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css') && typeof file.source === 'string')
          file.source = escapeNonAscii(file.source);
      }
    },
  };
}
