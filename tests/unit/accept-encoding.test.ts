import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from '../../scripts/server.mjs';

describe('acceptsEncoding (precompressed /_astro files, scripts/server.mjs)', () => {
  it('reads the codings a browser offers, with q=0 as a refusal and * as any', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, deflate', 'br')).toBe(false);
    expect(acceptsEncoding('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('GZIP', 'gzip')).toBe(true);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});
