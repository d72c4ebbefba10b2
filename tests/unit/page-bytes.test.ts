// A page written into bytes as it renders (src/server/page-bytes.ts, put in place of Astro's
// string by scripts/page-bytes.mjs, issue #24): the bytes are exactly the UTF-8 of the chunks
// joined, whatever their sizes, characters and the buffer's growth.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageBytes } from '../../scripts/page-bytes.mjs';
import { PageBytes } from '../../src/server/page-bytes';

const decoder = new TextDecoder('utf-8', { fatal: true });
const written = (chunks: string[]) => {
  const out = new PageBytes();
  for (const chunk of chunks) out.write(chunk);
  return out.bytes();
};

describe('PageBytes', () => {
  it('holds the UTF-8 of the chunks joined: small and large chunks, one-, two-, three- and four-byte characters', () => {
    const styles = `<style>${'a{color:red}'.repeat(6000)}</style>`;
    const chunks = ['<!DOCTYPE html>', '<p>Rp', '\u00a0', '1.250.000 · ', styles, 'Memuat formulir…', '<b>', '✎', '</b>', '😀'];
    for (let i = 0; i < 3000; i++) chunks.push(`<li data-i="${i}">Budi Santoso ${i} – ok</li>`);
    const bytes = written(chunks);
    expect(Buffer.from(bytes).equals(Buffer.from(chunks.join(''), 'utf8'))).toBe(true);
    expect(bytes.byteLength).toBeGreaterThan(128 * 1024); // past the first buffer: it grew
  });

  it('keeps a character whose two UTF-16 halves arrive in different chunks whole', () => {
    const pair = '😀';
    const long = 'x'.repeat(5000);
    const chunks = [long, pair[0]!, pair[1]!, `${long}${pair[0]}`, `${pair[1]}</p>`, 'y'.repeat(4094), pair[0]!, pair[1]!];
    expect(decoder.decode(written(chunks))).toBe(chunks.join(''));
  });

  it('writes nothing for no chunks, and one chunk as it is', () => {
    expect(written([]).byteLength).toBe(0);
    expect(decoder.decode(written(['<p>Halo</p>']))).toBe('<p>Halo</p>');
  });

  it('grows in one step to a chunk far larger than the buffer', () => {
    const huge = 'é'.repeat(300_000);
    expect(decoder.decode(written(['<p>', huge, '</p>']))).toBe(`<p>${huge}</p>`);
  });
});

const astroDir = path.dirname(createRequire(import.meta.url).resolve('astro/package.json'));
const renderId = path.join(astroDir, 'dist/runtime/server/render/astro/render.js');
const pageId = path.join(astroDir, 'dist/runtime/server/render/page.js');
const plugin = pageBytes() as unknown as {
  transform: (this: { error: (m: string) => never }, code: string, id: string) => { code: string } | null;
};
const context = {
  error: (message: string): never => {
    throw new Error(message);
  },
};

describe('pageBytes (the build step)', () => {
  it("puts renderToBytes into Astro's renderPage and leaves renderToString for everyone else", () => {
    const render = plugin.transform.call(context, fs.readFileSync(renderId, 'utf8'), renderId)!.code;
    expect(render).toContain('async function renderToBytes(');
    expect(render).toContain('async function renderToString(');
    expect(render).toMatch(/export \{\n {2}bufferHeadContent,\n {2}renderToBytes,/);
    const page = plugin.transform.call(context, fs.readFileSync(pageId, 'utf8'), pageId)!.code;
    expect(page).toContain('body = await renderToBytes(result, componentFactory, props, children, true, route);');
    expect(page).toContain('body instanceof Uint8Array');
    expect(page).not.toContain('typeof body === "string"');
    expect(plugin.transform.call(context, 'const x = 1;', '/x/other.js')).toBeNull();
  });

  it('fails the build when Astro no longer writes those lines', () => {
    expect(() => plugin.transform.call(context, 'export {}', renderId)).toThrow(/page-bytes/);
    expect(() => plugin.transform.call(context, 'export {}', pageId)).toThrow(/page-bytes/);
  });
});
