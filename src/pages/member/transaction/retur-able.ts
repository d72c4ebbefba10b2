import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../server/http';
import { listReturnable } from '../../../server/services/retur/list-returnable';

/** GET /member/transaction/retur-able: the member's orders that may be returned, with their lines and ship-to. */
export const GET = endpoint(async (ctx) => answer(await listReturnable(requireMember(ctx)))) satisfies APIRoute;
