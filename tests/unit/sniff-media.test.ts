import { describe, expect, it } from 'vitest';
import { fileSizeError } from '../../src/lib/retur-rules';
import { sniffMedia } from '../../src/server/integrations/files';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('evidence type from the first bytes', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'image', 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image', 'image/png'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image', 'image/webp'],
    ['GIF', bytes('GIF89a', [1, 0]), 'image', 'image/gif'],
    ['MP4', bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 2, 0]), 'video', 'video/mp4'],
  ])('%s', (_name, data, kind, mime) => {
    expect(sniffMedia(data)).toMatchObject({ kind, mime });
  });

  it.each([
    ['text named .png', bytes('hello, not an image')],
    ['HEIC (ftyp heic) is an image format, not an mp4 video', bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0])],
    ['a PDF', bytes('%PDF-1.7\n')],
    ['too short to tell', bytes([0xff, 0xd8])],
  ])('refuses %s', (_name, data) => {
    expect(sniffMedia(data)).toBeNull();
  });

  it('size rules of spec/001 §9: image 1,000,000 bytes (message 500KB), video 5,000,000 bytes', () => {
    expect(fileSizeError('image', 1_000_000)).toBeNull();
    expect(fileSizeError('image', 1_000_001)).toBe('File size gambar maksimal 500KB');
    expect(fileSizeError('video', 5_000_000)).toBeNull();
    expect(fileSizeError('video', 5_000_001)).toBe('File size video maksimal 5MB');
  });
});
