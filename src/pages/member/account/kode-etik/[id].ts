import type { APIRoute } from 'astro';
import { z } from 'zod';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../../server/http';
import { acceptCodeOfEthics } from '../../../../server/services/account/accept-code-of-ethics';

const KodeEtikSchema = z.object({ status_kodeetik: z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean()) });

/** PUT /member/account/kode-etik/{id}: the agreement flag. */
export const PUT = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(KodeEtikSchema, await readBody(ctx.request));
  return answer(null, await acceptCodeOfEthics(member, ctx.params.id ?? '', input.status_kodeetik));
}) satisfies APIRoute;
