// The manifest's CSP hash lists lose their repeats once per process (scripts/csp-digest-memo.mjs,
// issue #24): the transform is applied to Astro's own fetch-state.js and run on a manifest whose
// style list repeats its hashes, as the build writes it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspHashListsOnce } from '../../scripts/csp-digest-memo.mjs';

const id = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist/core/fetch/fetch-state.js');
const plugin = cspHashListsOnce() as unknown as {
  transform: (this: { error: (m: string) => never }, code: string, id: string) => { code: string } | null;
};
const context = {
  error: (message: string): never => {
    throw new Error(message);
  },
};

describe('cspHashListsOnce', () => {
  it("rewrites each of the four hash lists of Astro's fetch-state.js, and nothing in other modules", () => {
    const out = plugin.transform.call(context, fs.readFileSync(id, 'utf8'), id)!.code;
    expect(out.match(/distinctCspHashes\(manifest\.csp\./g)).toHaveLength(4);
    expect(out).not.toContain('[...manifest.csp.styleDirective.hashes]');
    expect(plugin.transform.call(context, 'const x = 1;', '/x/other.js')).toBeNull();
  });

  it('fails the build when Astro no longer writes the lists that way', () => {
    expect(() => plugin.transform.call(context, 'export {}', id)).toThrow(/csp-hash-lists-once/);
  });

  it('keeps the first occurrence of each hash in order, and hands each request its own copy', () => {
    const out = plugin.transform.call(
      context,
      'export const take = (manifest) => [[...manifest.csp.scriptHashes], [...manifest.csp.styleHashes], [...manifest.csp.scriptDirective.hashes], [...manifest.csp.styleDirective.hashes]];',
      id,
    )!.code;
    const take = new Function(`${out.replace('export const take', 'const take')}; return take;`)() as (m: unknown) => string[][];
    const manifest = {
      csp: {
        scriptHashes: ['s1'],
        styleHashes: ['a', 'b', 'a', 'c', 'b'],
        scriptDirective: { hashes: ['s1', 's1'] },
        styleDirective: { hashes: ['b', 'a', 'b'] },
      },
    };
    const first = take(manifest);
    expect(first).toEqual([['s1'], ['a', 'b', 'c'], ['s1'], ['b', 'a']]);
    first[1]!.push('added by a page');
    expect(take(manifest)[1]).toEqual(['a', 'b', 'c']);
  });
});
