// The imports of each module script Astro writes into a page are preloaded at low priority
// (scripts/low-priority-scripts.mjs, ADR 0027): the map is made from the client build's chunks.
import { describe, expect, it } from 'vitest';
import { scriptImportsMap } from '../../scripts/low-priority-scripts.mjs';

const chunk = (fileName: string, imports: string[], isEntry = false) => ({ type: 'chunk', fileName, imports, isEntry });

describe('scriptImportsMap', () => {
  const bundle = Object.fromEntries(
    [
      chunk('_astro/Toasts.js', ['_astro/session-ended.js', '_astro/toasts.js'], true),
      chunk('_astro/session-ended.js', ['_astro/toasts.js']),
      chunk('_astro/toasts.js', ['_astro/nanostores.js']),
      chunk('_astro/nanostores.js', ['_astro/toasts.js']),
      chunk('_astro/inline-me.js', [], true),
      chunk('_astro/shared.js', []),
      { type: 'asset', fileName: '_astro/x.css' },
    ].map((c) => [c.fileName, c]),
  );

  it('lists every chunk an entry imports, through other chunks too, once each', () => {
    expect(scriptImportsMap(bundle)).toEqual({
      '/_astro/Toasts.js': ['/_astro/session-ended.js', '/_astro/toasts.js', '/_astro/nanostores.js'],
    });
  });

  it('leaves out entries without imports and chunks that are not entries', () => {
    const map = scriptImportsMap(bundle);
    expect(map['/_astro/inline-me.js']).toBeUndefined();
    expect(map['/_astro/session-ended.js']).toBeUndefined();
  });
});
