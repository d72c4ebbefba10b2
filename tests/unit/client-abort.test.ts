import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { failure, readBody } from '../../src/server/http';
import { isClientAbort, isDatabaseUnavailable } from '../../src/server/unavailable';

/**
 * Issue #13: a member closing the tab during an upload was logged as "database tidak tersedia".
 * A real Node server reads a real request whose client hangs up half way through the body.
 */
describe('client aborts are not database outages', () => {
  it('a body cut off by the client: no outage log, a plain 400', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let caught: unknown;
    const done = new Promise<void>((resolve) => {
      const server = http.createServer(async (req) => {
        const request = new Request('http://portal.test/member/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Readable.toWeb(req) as ReadableStream,
          duplex: 'half',
        } as RequestInit);
        try {
          await readBody(request);
        } catch (error) {
          caught = error;
        }
        server.close();
        resolve();
      });
      server.listen(Number(process.env.ABORT_TEST_PORT ?? 4512), '127.0.0.1', () => {
        const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1', () => {
          socket.write(
            'POST /member/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":"a',
          );
          setTimeout(() => socket.destroy(), 50);
        });
      });
    });
    await done;
    try {
      expect(caught).toBeDefined();
      expect(isClientAbort(caught)).toBe(true);
      expect(isDatabaseUnavailable(caught)).toBe(false);
      const response = failure(caught);
      expect(response.status).toBe(400);
      expect(errors.mock.calls.flat().join(' ')).not.toMatch(/database tidak tersedia/);
    } finally {
      errors.mockRestore();
    }
  });

  it('a database socket reset is still an outage', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read', errno: -104 });
    expect(isClientAbort(reset)).toBe(false);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: reset }))).toBe(true);
  });
});
