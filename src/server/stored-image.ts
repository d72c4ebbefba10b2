import { readStoredFile } from './integrations/files';

/** The image types an upload may be (sniffed from the bytes): the extension the server chose names it. */
export const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/**
 * A public uploaded image (banners, product pictures): no session needed; the name is random,
 * the type comes from the extension the server chose when it sniffed the bytes.
 */
export async function storedImageResponse(area: string, name: string): Promise<Response> {
  const type = IMAGE_TYPES[name.split('.').pop() ?? ''];
  const bytes = /^[A-Za-z0-9-]+\.[a-z]{3,4}$/.test(name) && type ? await readStoredFile(area, name) : undefined;
  if (!bytes) return new Response('Gambar tidak ditemukan', { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': type!,
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': 'inline',
      'content-security-policy': "default-src 'none'",
    },
  });
}
