import { describe, expect, it } from 'vitest';
import { cssAscii, escapeNonAscii } from '../../scripts/css-ascii.mjs';

describe('stylesheets as ASCII text (issue #24: pages stay one-byte strings on the server)', () => {
  it('writes a character above ASCII as a CSS escape that ends with a space', () => {
    expect(escapeNonAscii(':where(nav li):before{float:left;content:"\u200b"}')).toBe(
      ':where(nav li):before{float:left;content:"\\200b "}',
    );
    expect(escapeNonAscii('a:after{content:"–\u2192"}')).toBe('a:after{content:"\\2013 \\2192 "}');
  });
  it('leaves ASCII stylesheets as they are', () => {
    const css = 'a{color:red}b::before{content:"\\200b"}';
    expect(escapeNonAscii(css)).toBe(css);
  });
  it('rewrites the built .css assets only, before Astro inlines them', () => {
    const bundle = {
      'a.css': { type: 'asset', fileName: '_astro/a.css', source: 'x:before{content:"\u200b"}' },
      'b.js': { type: 'chunk', fileName: '_astro/b.js', code: 'const s="\u200b"' },
    };
    (cssAscii().generateBundle as (o: unknown, b: typeof bundle) => void)({}, bundle);
    expect(bundle['a.css'].source).toBe('x:before{content:"\\200b "}');
    expect(bundle['b.js'].code).toBe('const s="\u200b"');
  });
});
