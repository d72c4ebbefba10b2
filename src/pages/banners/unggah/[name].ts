import type { APIRoute } from 'astro';
import { readStoredFile } from '../../../server/integrations/files';
import { BANNER_AREA, BANNER_TYPES } from '../../../server/services/banner/banner-images';

/**
 * An uploaded banner image. Banners are public (the carousel), so no session is needed; the
 * name is random, the type comes from the extension the server chose when it sniffed the bytes.
 */
export const GET = (async ({ params }) => {
  const name = params.name ?? '';
  const type = BANNER_TYPES[name.split('.').pop() ?? ''];
  const bytes = /^[A-Za-z0-9-]+\.[a-z]{3,4}$/.test(name) && type ? await readStoredFile(BANNER_AREA, name) : undefined;
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
}) satisfies APIRoute;
