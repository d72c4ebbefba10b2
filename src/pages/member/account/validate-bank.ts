import type { APIRoute } from 'astro';
import { z } from 'zod';
import { answer, endpoint, parseWith, readBody } from '../../../server/http';
import { verifyBank } from '../../../server/services/account/verify-bank';

export const POST = endpoint(async (ctx) => {
  const { token } = parseWith(z.object({ token: z.string().min(1, 'Token harus diisi').max(200) }), await readBody(ctx.request));
  const result = await verifyBank(token);
  return answer(result, result.message, result.valid ? 200 : 400);
}) satisfies APIRoute;
