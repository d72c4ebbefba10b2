import type { APIRoute } from 'astro';
import { AppError } from '../../../../server/errors';
import { readReturnFileForOperator } from '../../../../server/services/retur/get-return';

/** GET /admin/retur/file/{public_id}: a return's evidence for the console (GUDANG; the middleware checked the role). */
export const GET: APIRoute = async ({ params }) => {
  try {
    const file = await readReturnFileForOperator(params.id ?? '');
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'content-type': file.mime,
        'content-length': String(file.bytes.byteLength),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'",
        'content-disposition': 'inline',
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return new Response(error.message, { status: 404 });
    throw error;
  }
};
