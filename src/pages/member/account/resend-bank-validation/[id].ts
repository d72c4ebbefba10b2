import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../../server/http';
import { resendBankVerification } from '../../../../server/services/account/resend-verification';

export const GET = endpoint(async (ctx) => answer(null, await resendBankVerification(requireMember(ctx), ctx.params.id))) satisfies APIRoute;
