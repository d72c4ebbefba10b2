import type { APIRoute } from 'astro';
import { z } from 'zod';
import { answer, endpoint, parseWith, readBody } from '../../../server/http';
import { verifyNpwp } from '../../../server/services/account/verify-npwp';

export const POST = endpoint(async (ctx) => {
  const { token } = parseWith(z.object({ token: z.string().min(1, 'Token harus diisi').max(200) }), await readBody(ctx.request));
  const result = await verifyNpwp(token);
  return answer(result, result.message, result.valid ? 200 : 400);
}) satisfies APIRoute;
