import type { APIRoute } from 'astro';
import { endpoint, requireMember } from '../../../../../server/http';
import { readReturnFile } from '../../../../../server/services/retur/get-return';

/** GET /member/transaction/retur/file/{public_id}: an evidence file, to its owner only (others get 404). */
export const GET = endpoint(async (ctx) => {
  const file = await readReturnFile(requireMember(ctx), ctx.params.id ?? '');
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.mime,
      'content-length': String(file.bytes.byteLength),
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'",
      'content-disposition': 'inline',
    },
  });
}) satisfies APIRoute;
