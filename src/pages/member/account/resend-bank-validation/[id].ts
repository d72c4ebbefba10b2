import type { APIRoute } from 'astro';
import { answer, assertNotCrossSite, endpoint, requireMember } from '../../../../server/http';
import { resendBankVerification } from '../../../../server/services/account/resend-verification';

export const GET = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  assertNotCrossSite(ctx);
  return answer(null, await resendBankVerification(member, ctx.params.id));
}) satisfies APIRoute;
