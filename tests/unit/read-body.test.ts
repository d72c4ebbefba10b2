import { describe, expect, it } from 'vitest';
import { readBody, readBodyBytes } from '../../src/server/http';

/** A chunked request body (no Content-Length), as a client streaming without limit sends it. */
function streamed(type: string, chunks: number, chunkBytes: number): { request: Request; pulled: () => number } {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= chunks) return controller.close();
      sent += 1;
      controller.enqueue(new TextEncoder().encode('a'.repeat(chunkBytes)));
    },
  });
  const request = new Request('http://portal.test/member/x', {
    method: 'POST',
    headers: { 'content-type': type },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => sent };
}

describe('request bodies are read with a limit', () => {
  it('a streamed JSON body over 1 MB is refused without reading it all', async () => {
    const { request, pulled } = streamed('application/json', 10_000, 10_000); // 100 MB offered
    await expect(readBody(request)).rejects.toThrow('Data yang dikirim terlalu besar');
    expect(pulled()).toBeLessThan(200);
  });

  it('a streamed form and a body of another type are refused the same way', async () => {
    await expect(readBody(streamed('application/x-www-form-urlencoded', 500, 10_000).request)).rejects.toThrow(
      'Data yang dikirim terlalu besar',
    );
    await expect(readBody(streamed('text/plain', 500, 10_000).request)).rejects.toThrow('Data yang dikirim terlalu besar');
  });

  it('a body within the limit is read whole', async () => {
    const request = new Request('http://portal.test/x', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nama: 'Budi' }),
    });
    expect(await readBody(request)).toEqual({ nama: 'Budi' });
    const form = new Request('http://portal.test/x', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'nama=Siti&kota=Bandung',
    });
    expect(await readBody(form)).toEqual({ nama: 'Siti', kota: 'Bandung' });
    expect((await readBodyBytes(new Request('http://portal.test/x', { method: 'POST', body: 'abc' }))).byteLength).toBe(3);
  });
});
