import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
// @ts-expect-error: the package ships no types (scripts/server.mjs uses it from JavaScript)
import compression from 'compression';
import { afterAll, describe, expect, it } from 'vitest';
import { flushStreamedWrites } from '../../scripts/server.mjs';

/**
 * Issue #24: a streamed answer (the CSV exports) behind the on-the-fly compression reached the
 * member only once ~16 KB of compressed output had piled up; each write is now flushed.
 */
describe('flushStreamedWrites (scripts/server.mjs)', () => {
  let release: () => void = () => {};
  const compress = compression({ threshold: 0 });
  const server = http.createServer((req, res) =>
    compress(req as never, res as never, () => {
      flushStreamedWrites(res);
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      res.write('No,Nama\r\n'.repeat(200));
      // The rest only when the test has seen the first rows (or given up waiting for them).
      new Promise<void>((r) => {
        release = r;
      }).then(() => res.end('1,Budi\r\n'));
    }),
  );
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('a streamed, compressed answer sends its first write before the answer ends', async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    const first = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, headers: { 'accept-encoding': 'gzip' } }, (res) => {
          expect(res.headers['content-encoding']).toBe('gzip');
          const gunzip = res.pipe(zlib.createGunzip());
          let text = '';
          const timer = setTimeout(() => resolve(text), 1500);
          gunzip.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.length >= 1800) {
              clearTimeout(timer);
              resolve(text);
            }
          });
        })
        .on('error', reject);
    });
    release();
    expect(first).toBe('No,Nama\r\n'.repeat(200));
  });
});
